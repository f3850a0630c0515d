#!/usr/bin/env python3
"""Where the games of a match were lost (issue 30).

    RAPFI=/path/to/pbrain-rapfi rapfi_blunders.py MATCH_LOG RULE COLOUR

For each game of MATCH_LOG (the output of `gomocup_match`) that A lost playing COLOUR (black
or white), asks Rapfi at full strength (300 ms a position) for its evaluation before and after
each of A's moves, and prints the first move after which Rapfi sees a forced win for B: the
stone's number, how many plies before the end it came, A's move, the move Rapfi would have
played, and Rapfi's evaluation for the side to move before and after (`+M21`: the side to move
wins in 21 plies). Rapfi stays outside the repository; see pbrain/README.md.
"""
import os, sys, subprocess, re

cols = "abcdefghijklmno"
log, rule, colour = sys.argv[1], sys.argv[2], sys.argv[3]
RAPFI = os.environ.get("RAPFI", "pbrain-rapfi")

def ask(pos):
    me = len(pos) % 2
    lines = ["START 15", f"INFO rule {rule}", "INFO timeout_turn 300", "INFO timeout_match 0", "BOARD"]
    for i, m in enumerate(pos):
        lines.append(f"{cols.index(m[0])},{15 - int(m[1:])},{1 if i % 2 == me else 2}")
    lines.append("DONE")
    out = subprocess.run([RAPFI], input="\n".join(lines) + "\nEND\n", capture_output=True, text=True, timeout=20).stdout
    ev, best = None, None
    for line in out.splitlines():
        m = re.search(r"Eval (\S+)", line)
        if m: ev = m.group(1)
        if re.fullmatch(r"\d+,\d+", line.strip()):
            x, y = map(int, line.split(","))
            best = cols[x] + str(15 - y)
    return ev, best

text = open(log).read().split("\n")
games = []
for i, line in enumerate(text):
    m = re.match(r"game (\d+): A (black|white), opening (.*?) \| (\w+) \((A|B)\) won", line)
    if m and m.group(2) == colour and m.group(5) == "B":
        games.append((int(m.group(1)), m.group(3).split(), text[i + 1].split("moves:")[1].split()))
for number, opening, moves in games:
    allm = opening + moves
    a_turn = 0 if colour == "black" else 1
    found = None
    for k in range(len(opening), len(allm)):
        if k % 2 != a_turn:
            continue
        ev_before, best = ask(allm[:k])
        ev_after, _ = ask(allm[:k + 1])
        if ev_after and ev_after.startswith("M") or (ev_after and ev_after.startswith("+M")):
            found = (k + 1, len(allm) - k, allm[k], best, ev_before, ev_after)
            break
    print(f"game {number}: {'lost at stone %d, %d plies before the end, played %s, Rapfi %s, eval before %s after %s' % found if found else 'no clear blunder'}", flush=True)
