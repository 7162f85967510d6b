import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '@/test/language';
import { FileField } from './file-field';

afterEach(async () => {
  await setTestLanguage('EN');
});

describe('file field', () => {
  it('labels the picker and the empty choice in the page language (not the browser native text)', async () => {
    await setTestLanguage('BN');
    render(<FileField label="প্রমাণ" onChange={vi.fn()} />);
    expect(screen.getByText('ফাইল বেছে নিন')).toBeTruthy();
    expect(screen.getByTestId('file-name').textContent).toBe('কোনো ফাইল বেছে নেওয়া হয়নি');
  });

  it('shows the chosen file name and hands the file over', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<FileField label="Proof" accept="image/png,image/jpeg" onChange={onChange} />);
    const file = new File(['png'], 'receipt.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Proof'), file);
    expect(onChange).toHaveBeenCalledWith(file);
    expect(screen.getByTestId('file-name').textContent).toBe('receipt.png');
    expect(screen.getByText('Choose another file')).toBeTruthy();
  });
});
