#!/bin/sh
# Regenerates the two embedded font subsets, from Debian's fonts-noto-cjk
# (SIL Open Font License 1.1, OFL.txt), with python3-fonttools:
#
# pieces.otf: the glyphs the board draws as SVG text (the pieces, the
#   river, the file numbers), cut from Noto Serif CJK SC Bold and renamed
#   "XQRules Pieces", so a page shows its pieces on a machine without a CJK
#   font.
# text.otf: every CJK character the program and its bundled data can print
#   — labels, notation, book titles, clause texts and reasons
#   (rules/**/*.yaml), the Go sources' strings, the workbench's page and
#   the report templates, and the casebook's case files (testdata/cases) —
#   cut from Noto Sans CJK SC Regular and renamed "XQRules Text". The
#   pages name it after the systems' own CJK fonts, with a unicode-range,
#   so a system font wins where there is one.
#
# Plain OpenType (CFF), not WOFF2: Go's golang.org/x/image/font/sfnt reads
# it, so tests check that every character has a glyph
# (TestPiecesFontCoversTheBoard, TestTextFontCoversWhatIsPrinted: after
# adding Chinese text anywhere, run this script).
#
# NOTO: where the Noto CJK .ttc files are (default: the installed package's
# directory; `apt-get download fonts-noto-cjk && dpkg-deb -x` elsewhere will
# do without installing it).
set -e
cd "$(dirname "$0")"
NOTO=${NOTO:-/usr/share/fonts/opentype/noto}
repo=$(cd ../../../../.. && pwd)
tmp=$(mktemp -d)
trap 'rm -r "$tmp"' EXIT

# cut TTC FAMILY OUT: the face FAMILY of the collection TTC, as one font.
cut() {
  /usr/bin/python3 - "$NOTO/$1" "$2" "$3" <<'PY'
import sys
from fontTools.ttLib import TTCollection
coll = TTCollection(sys.argv[1])
[f for f in coll.fonts if f['name'].getDebugName(1) == sys.argv[2]][0].save(sys.argv[3])
PY
}

# rename IN OUT FAMILY POSTSCRIPT STYLE: a Modified Version may not keep the
# Reserved Font Name ("Source"), so the subset gets a name of its own.
rename() {
  /usr/bin/python3 - "$@" <<'PY'
import sys
from fontTools.ttLib import TTFont
src, out, family, ps, style = sys.argv[1:6]
f = TTFont(src, recalcTimestamp=False)
f['head'].modified = f['head'].created  # the same bytes from every run
name = f['name']
for rec in list(name.names):
    if rec.nameID in (1, 3, 4, 6, 16, 17):
        name.removeNames(nameID=rec.nameID)
full = family + ' ' + style
for nid, text in ((1, family), (2, style), (3, full + ' subset'), (4, full), (6, ps)):
    name.setName(text, nid, 3, 1, 0x409)
    name.setName(text, nid, 1, 0, 0)
f.save(out)
PY
}

cut NotoSerifCJK-Bold.ttc 'Noto Serif CJK SC' "$tmp/serif.otf"
/usr/bin/python3 -m fontTools.subset "$tmp/serif.otf" \
  --text="帅仕相马车炮兵将士象卒楚河汉界一二三四五六七八九0123456789" \
  --layout-features='' --no-hinting --desubroutinize --name-IDs='*' \
  --output-file="$tmp/pieces.otf"
rename "$tmp/pieces.otf" pieces.otf 'XQRules Pieces' XQRulesPieces-Bold Bold

# The characters: every one from U+2E80 up (the CJK blocks, CJK
# punctuation, fullwidth forms; what a Latin font such as DejaVu lacks) in
# the files the program prints from. Go files whole, comments too: a few
# characters more, and no Go parser needed here (the test parses).
/usr/bin/python3 - "$repo" "$tmp/chars.txt" <<'PY'
import os, sys
repo, out = sys.argv[1:3]
def wanted(path):
    rel = os.path.relpath(path, repo)
    if rel.endswith('_test.go'):
        return False
    if rel.endswith('.go'):
        return True
    if rel.startswith('rules' + os.sep) and rel.endswith('.yaml'):
        return True
    if rel.startswith(os.path.join('testdata', 'cases') + os.sep):
        return True
    return rel.startswith(os.path.join('cmd', 'xqrules', 'internal')) and \
        rel.endswith(('.tmpl', '.css', '.html', '.js'))
chars = set()
for d, dirs, files in os.walk(repo):
    dirs[:] = [x for x in dirs if not x.startswith('.')]
    for name in files:
        p = os.path.join(d, name)
        if wanted(p):
            with open(p, encoding='utf-8', errors='ignore') as f:
                chars |= {c for c in f.read() if ord(c) >= 0x2E80}
with open(out, 'w', encoding='utf-8') as f:
    f.write(''.join(sorted(chars)))
print(len(chars), 'characters for text.otf')
PY
cut NotoSansCJK-Regular.ttc 'Noto Sans CJK SC' "$tmp/sans.otf"
/usr/bin/python3 -m fontTools.subset "$tmp/sans.otf" \
  --text-file="$tmp/chars.txt" \
  --layout-features='' --no-hinting --desubroutinize --name-IDs='*' \
  --output-file="$tmp/text.otf"
rename "$tmp/text.otf" text.otf 'XQRules Text' XQRulesText-Regular Regular
ls -l pieces.otf text.otf
