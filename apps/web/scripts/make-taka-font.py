# Cuts the taka sign (U+09F3) out of the Bengali-subset Noto Sans Bengali files the site already
# serves (@fontsource/noto-sans-bengali), one tiny woff2 per weight, for
# apps/web/src/styles/taka-font.css. Run after upgrading that package:
#   python3 -m venv /tmp/ft && /tmp/ft/bin/pip install fonttools brotli
#   /tmp/ft/bin/python apps/web/scripts/make-taka-font.py
# The glyph is the package's own (same outline and metrics). The file keeps the letters of the
# Bengali block (U+0980-09FF, no shaping tables), ~8.5-8.9 KB instead of 47 KB: FreeType's
# auto-hinter (Chromium on Linux) measures the script's zones on those letters, and with the sign
# alone it was drawn a fraction of a pixel off (pixel-compared at 400/600/700 against the full
# file: identical). The stylesheet's unicode-range still takes only U+09F3 from it.

from pathlib import Path

from fontTools import subset

ROOT = Path(__file__).resolve().parents[3]
SOURCE = ROOT / "node_modules/@fontsource/noto-sans-bengali/files"
TARGET = ROOT / "apps/web/src/styles/taka"

for weight in (400, 600, 700):
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []
    font = subset.load_font(str(SOURCE / f"noto-sans-bengali-bengali-{weight}-normal.woff2"), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=range(0x0980, 0x0A00))
    subsetter.subset(font)
    subset.save_font(font, str(TARGET / f"taka-{weight}.woff2"), options)
    print(weight, (TARGET / f"taka-{weight}.woff2").stat().st_size, "bytes")
