import { readFile } from 'node:fs/promises';
import type { ReportValue } from '@kismat/contracts/reports';
import { describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, useBrowserContexts } from '../support/browser';

/**
 * The back office's Reports (issue 19 item 3) in a real browser: an operator opens the dashboard
 * (today against yesterday), then a day's report, and exports it as CSV; the downloaded file
 * starts with the BOM and the header, and its TOTAL line carries the same deposits, bets and GGR
 * as the report the page showed. Screens at 1280 px, tablet and phone width are kept for a look.
 */

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');

describe('back office reports in a real browser', () => {
  const { browser, contexts } = useBrowserContexts();

  it('an operator opens the dashboard and a day report, and exports it as CSV whose total matches', async () => {
    const context = await newContext(browser(), { language: 'en-GB' });
    contexts.push(context);
    await context.addInitScript((token) => sessionStorage.setItem('kismat.admin.token', token), operatorToken);
    const admin = await context.newPage();
    await admin.setViewportSize({ width: 1280, height: 860 });

    await admin.goto(`${baseUrl}/admin/#/reports/dashboard`);
    await admin.getByRole('heading', { name: 'Today against yesterday' }).waitFor();
    const cards = admin.getByTestId('dashboard-cards');
    await cards.waitFor();
    expect(await cards.getByRole('listitem').count()).toBe(12);
    await expect.poll(() => cards.getByText('yesterday', { exact: false }).count()).toBe(12);
    await admin.getByRole('img', { name: /Bets per local hour/ }).waitFor();
    await screenshot(admin, 'admin-reports-dashboard-desktop');

    // A day's report: the "Today" preset, the URL keeps the filters.
    await admin.getByRole('link', { name: 'Report', exact: true }).click();
    await admin.getByRole('heading', { name: 'Report', exact: true }).waitFor();
    const todayResponse = admin.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname.endsWith('/reports') && url.searchParams.get('from') === url.searchParams.get('to') && response.ok();
    });
    await admin.getByRole('button', { name: 'Today' }).click();
    const report = ((await (await todayResponse).json()) as { value: ReportValue }).value;
    expect(report.from).toBe(report.to);
    expect(admin.url()).toContain(`from=${report.from}`);
    await admin.getByTestId('report-totals').waitFor();
    await screenshot(admin, 'admin-reports-day-desktop');

    // Sort by a column: the URL carries it.
    await admin.getByRole('button', { name: 'Deposits', exact: true }).click();
    expect(admin.url()).toContain('sort=deposits');

    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^report-.*-periods-.*\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    expect(header.slice(0, 4)).toEqual(['period', 'depositCount', 'deposits', 'withdrawalCount']);
    const total = lines.at(-1)?.split(',') ?? [];
    expect(total[0]).toBe('TOTAL');
    expect(total[header.indexOf('deposits')]).toBe(report.totals.deposits);
    expect(total[header.indexOf('bets')]).toBe(report.totals.bets);
    expect(total[header.indexOf('ggr')]).toBe(report.totals.ggr);

    // A tablet: the same page, the wide table scrolls inside its box.
    await admin.setViewportSize({ width: 820, height: 1180 });
    await screenshot(admin, 'admin-reports-day-tablet');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'admin-reports-day-phone');
  });
});
