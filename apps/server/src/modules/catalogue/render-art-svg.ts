import { hashText } from './stable-hash';

export type ArtKind = 'vendor' | 'game' | 'game-large' | 'banner' | 'announcement';

const SIZES: Record<ArtKind, { width: number; height: number }> = {
  vendor: { width: 240, height: 120 },
  game: { width: 300, height: 300 },
  'game-large': { width: 600, height: 300 },
  banner: { width: 1200, height: 400 },
  announcement: { width: 800, height: 400 },
};

const FONT = "system-ui, 'Noto Sans Bengali', 'Noto Sans', 'Segoe UI', Arial, sans-serif";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Splits text into at most `maxLines` lines of about `perLine` characters, on spaces. */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if ([...candidate].length <= perLine || !current) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}

/** Up to three initials: "Golden Dragon" -> "GD", "CQ9" stays "CQ9". */
export function initialsOf(text: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 1) return [...(words[0] ?? '')].slice(0, 4).join('').toUpperCase();
  return words
    .slice(0, 3)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase();
}

/** A bold capital is at most about 0.72 em wide in the fonts the art names. */
const BOLD_CAPITAL_EM = 0.72;
const VENDOR_MARGIN = 20;

/** The font size at which a vendor code fills the logo's width without running past its margins. */
export function vendorCodeFontSize(code: string, width: number): number {
  const characters = Math.max(1, [...code].length);
  return Math.min(44, Math.floor((width - 2 * VENDOR_MARGIN) / (characters * BOLD_CAPITAL_EM)));
}

function textBlock(
  lines: string[],
  x: number,
  firstBaseline: number,
  size: number,
  anchor: 'middle' | 'start' | 'end',
  weight = 700,
  opacity = 1,
): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${Math.round(firstBaseline + index * size * 1.2)}" font-size="${size}" font-weight="${weight}" text-anchor="${anchor}" fill="#fff" opacity="${opacity}">${escapeXml(line)}</text>`,
    )
    .join('');
}

/**
 * Deterministic artwork: the same seed always gives the same gradient and shapes, so cached
 * copies and test snapshots stay valid. Text is escaped; the SVG carries no script or link.
 */
export function renderArtSvg(input: { kind: ArtKind; seed: string; title: string; subtitle?: string; badge?: string }): string {
  const { width, height } = SIZES[input.kind];
  const hash = hashText(input.seed);
  const hueA = hash % 360;
  const hueB = (hueA + 40 + ((hash >>> 9) % 120)) % 360;
  const circleX = Math.round(width * (0.55 + ((hash >>> 3) % 40) / 100));
  const circleY = Math.round(height * (0.15 + ((hash >>> 13) % 50) / 100));
  const radius = Math.round(Math.min(width, height) * (0.35 + ((hash >>> 17) % 30) / 100));
  let body: string;
  switch (input.kind) {
    case 'vendor': {
      // The whole vendor code, never cut to initials ("LOTUS" drew as "LOTU"): long codes get a
      // smaller size so they fit the logo with a margin on each side.
      const size = vendorCodeFontSize(input.title, width);
      body = textBlock([input.title], width / 2, Math.round(height / 2 + size * 0.36), size, 'middle', 800);
      break;
    }
    case 'game': {
      const lines = wrapText(input.title, 14, 3);
      body =
        textBlock([initialsOf(input.title)], width / 2, 130, 72, 'middle', 800) +
        textBlock(lines, width / 2, 200, 26, 'middle') +
        (input.badge ? textBlock([input.badge], width / 2, 280, 16, 'middle', 600) : '');
      break;
    }
    case 'game-large': {
      const lines = wrapText(input.title, 14, 2);
      body =
        textBlock([initialsOf(input.title)], 150, 180, 96, 'middle', 800) +
        textBlock(lines, 290, 140, 30, 'start') +
        (input.badge ? textBlock([input.badge], 290, 260, 18, 'start', 600) : '');
      break;
    }
    default: {
      const isBanner = input.kind === 'banner';
      const titleLines = wrapText(input.title, isBanner ? 28 : 24, 2);
      const subtitleLines = input.subtitle ? wrapText(input.subtitle, isBanner ? 48 : 40, 2) : [];
      const titleSize = isBanner ? 64 : 48;
      body =
        textBlock(titleLines, 64, isBanner ? 150 : 130, titleSize, 'start', 800) +
        textBlock(subtitleLines, 64, (isBanner ? 150 : 130) + titleLines.length * titleSize * 1.2 + 12, isBanner ? 30 : 24, 'start', 500) +
        textBlock(['KISMAT'], width - 48, height - 36, 22, 'end', 800, 0.8);
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(input.title)}">`,
    '<defs>',
    `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hueA},70%,42%)"/><stop offset="1" stop-color="hsl(${hueB},75%,28%)"/></linearGradient>`,
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<circle cx="${circleX}" cy="${circleY}" r="${radius}" fill="#fff" opacity="0.08"/>`,
    `<circle cx="${width - circleX}" cy="${height - circleY / 2}" r="${Math.round(radius / 2)}" fill="#fff" opacity="0.06"/>`,
    `<g font-family="${FONT}">${body}</g>`,
    '</svg>',
  ].join('');
}
