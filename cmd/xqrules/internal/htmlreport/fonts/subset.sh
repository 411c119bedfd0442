#!/bin/sh
# Regenerates pieces.otf: the glyphs the board draws as SVG text (the
# pieces, the river, the file numbers), cut from Noto Serif CJK SC Bold
# (SIL Open Font License 1.1, OFL.txt) and renamed "XQRules Pieces", so a
# page shows its pieces on a machine without a CJK font. Needs Debian's
# fonts-noto-cjk, and python3-fonttools. Plain OpenType
# (CFF), not WOFF2: Go's golang.org/x/image/font/sfnt reads it, so a test
# checks that every character the board draws has a glyph.
set -e
cd "$(dirname "$0")"
tmp=$(mktemp -d)
/usr/bin/python3 - "$tmp" <<'PY'
import sys
from fontTools.ttLib import TTCollection
coll = TTCollection('/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc')
sc = [f for f in coll.fonts if f['name'].getDebugName(1) == 'Noto Serif CJK SC'][0]
sc.save(sys.argv[1] + '/sc.otf')
PY
/usr/bin/python3 -m fontTools.subset "$tmp/sc.otf" \
  --text="帅仕相马车炮兵将士象卒楚河汉界一二三四五六七八九0123456789" \
  --layout-features='' --no-hinting --desubroutinize --name-IDs='*' \
  --output-file="$tmp/sub.otf"
/usr/bin/python3 - "$tmp/sub.otf" pieces.otf <<'PY'
import sys
from fontTools.ttLib import TTFont
f = TTFont(sys.argv[1])
name = f['name']
for rec in list(name.names):
    if rec.nameID in (1, 3, 4, 6, 16, 17):
        name.removeNames(nameID=rec.nameID)
for nid, text in ((1, 'XQRules Pieces'), (2, 'Bold'), (3, 'XQRules Pieces Bold subset'), (4, 'XQRules Pieces Bold'), (6, 'XQRulesPieces-Bold')):
    name.setName(text, nid, 3, 1, 0x409)
    name.setName(text, nid, 1, 0, 0)
f.save(sys.argv[2])
PY
rm -r "$tmp"
