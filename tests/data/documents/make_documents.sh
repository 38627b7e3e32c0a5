#!/usr/bin/env bash
# Regenerates the real-document fixtures (keepers.html, a web page with navigation, a cookie
# banner, a sidebar and a footer, is written by hand) of tests/test_readers_formats.py with real tools:
#   report.pdf        headless Chromium prints sources/report.html (outline, running header/footer)
#   plain.pdf         headless Chromium prints sources/history.html (no outline, no header/footer)
#   history.docx      LibreOffice Writer converts sources/history.html to Word 2007 XML
#   phares-latin1.txt, fog-utf16.txt   text in Latin-1 and in UTF-16 with a byte-order mark
# Needs the Debian packages chromium and libreoffice-writer-nogui (or libreoffice).
#   usage: bash tests/data/documents/make_documents.sh
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d /tmp/lgm-documents.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
cp "$HERE"/sources/*.html "$WORK"/
chrome() { chromium --headless --no-sandbox --disable-gpu "$@" 2>/dev/null; }
chrome --generate-pdf-document-outline --print-to-pdf="$HERE/report.pdf" "file://$WORK/report.html"
chrome --no-pdf-header-footer --print-to-pdf="$HERE/plain.pdf" "file://$WORK/history.html"
soffice --headless --infilter="HTML (StarWriter)" --convert-to "docx:MS Word 2007 XML" \
  --outdir "$WORK" "$WORK/history.html" >/dev/null
cp "$WORK/history.docx" "$HERE/history.docx"
python3 "$HERE/sources/texts.py" "$HERE"
ls -l "$HERE"
