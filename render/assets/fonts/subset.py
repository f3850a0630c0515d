#!/usr/bin/env python3
"""Makes the fallback fonts of render/src/text.rs: subsets of Debian's Noto fonts.

DejaVu Sans already draws Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and Arabic;
these subsets add the scripts chat names use that it lacks. Run from this folder, with
fonttools (`pip install fonttools`) and Debian's fonts-noto-cjk and fonts-noto-core:

    python3 subset.py

The character sets come from the national standards that list each script's common
characters, read from Python's own codecs so that the set is the same on every machine:
GB 2312 (simplified Chinese, 6763 hanzi), Big5 level 1 (traditional Chinese, 5401 common
characters) and JIS X 0208 levels 1 and 2 (Japanese kanji), plus whole blocks: all 11172
Hangul syllables (names use syllables outside KS X 1001's common 2350), kana, Hangul
compatibility jamo, CJK punctuation, fullwidth forms, Thai and Devanagari.
"""

import subprocess
import sys

CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
# The collection's simplified Chinese face: traditional characters and kanji are drawn too.
CJK_FACE_NUMBER = "2"
THAI = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"
DEVANAGARI = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"


def two_byte_characters(encoding, lead_bytes, trail_bytes=range(0xA1, 0xFF)):
    """Every character `encoding` gives for a lead byte and a trail byte."""
    found = set()
    for lead in lead_bytes:
        for trail in trail_bytes:
            try:
                found.add(bytes([lead, trail]).decode(encoding))
            except UnicodeDecodeError:
                pass
    return found


def block(first, last):
    return {chr(c) for c in range(first, last + 1)}


def cjk_characters():
    simplified = two_byte_characters("gb2312", range(0xB0, 0xF8))
    traditional = {
        c
        for c in two_byte_characters("big5", range(0xA4, 0xC7), range(0x40, 0xFF))
        if 0xA440 <= int.from_bytes(c.encode("big5"), "big") <= 0xC67E
    }
    kanji = two_byte_characters("euc_jp", range(0xB0, 0xF5))
    blocks = (
        block(0xAC00, 0xD7A3)  # Hangul syllables
        | block(0x3000, 0x303F)  # CJK symbols and punctuation
        | block(0x3040, 0x30FF)  # hiragana, katakana
        | block(0x3130, 0x318F)  # Hangul compatibility jamo (ㅋㅋ)
        | block(0x31F0, 0x31FF)  # katakana phonetic extensions
        | block(0xFF00, 0xFFEF)  # fullwidth and halfwidth forms
    )
    return simplified | traditional | kanji | blocks


def subset(font, characters, output, *extra):
    unicodes = ",".join(f"{ord(c):04X}" for c in sorted(characters))
    command = [
        "pyftsubset",
        font,
        *extra,
        f"--unicodes={unicodes}",
        f"--output-file={output}",
        # ab_glyph neither hints nor shapes: hinting and layout tables are dead weight.
        "--no-hinting",
        "--layout-features=",
        "--drop-tables+=GSUB,GPOS,GDEF,BASE,VORG,vhea,vmtx",
        "--name-IDs=*",
        "--name-languages=*",
    ]
    subprocess.run(command, check=True)


def main():
    subset(CJK, cjk_characters(), "NotoSansCJK-Subset.otf", f"--font-number={CJK_FACE_NUMBER}")
    subset(THAI, block(0x0E00, 0x0E7F), "NotoSansThai-Subset.ttf")
    subset(DEVANAGARI, block(0x0900, 0x097F) | block(0xA8E0, 0xA8FF), "NotoSansDevanagari-Subset.ttf")


if __name__ == "__main__":
    sys.exit(main())
