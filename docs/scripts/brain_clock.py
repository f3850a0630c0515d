#!/usr/bin/env python3
"""How a brain keeps its clock when the cores are busy (issue 30).

    brain_clock.py BRAIN [MOVES] [HOGS]

Starts BRAIN (a Gomocup brain such as target/release/pbrain-cincobot) and asks it MOVES times
(20 by default) for a move in the same middle-game position with a 500 ms turn, measuring
for each answer the wall time from the request to the answer and the CPU time the brain used
meanwhile (from /proc, so Linux only). With HOGS > 0 (0 by default), that many busy loops at
the brain's own priority share the cores while it thinks. Prints the slowest answers and the
median, in milliseconds.
"""
import os
import subprocess
import sys
import time

brain = sys.argv[1]
moves = int(sys.argv[2]) if len(sys.argv) > 2 else 20
hogs = int(sys.argv[3]) if len(sys.argv) > 3 else 0

# x,y,who (1: the brain's own stone, 2: the opponent's) of a position with the brain to move.
POSITION = ["7,7,2", "8,8,1", "7,8,2", "6,6,1", "9,9,2", "8,6,1", "6,8,2"]


def used_cpu(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(hogs)]
player = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def send(*lines):
    player.stdin.write("".join(line + "\n" for line in lines))
    player.stdin.flush()


def answer():
    while True:
        line = player.stdout.readline()
        if not line:
            sys.exit("the brain ended")
        if not line.startswith(("MESSAGE", "DEBUG")):
            return line.strip()


try:
    send("START 15")
    if answer() != "OK":
        sys.exit("the brain refused START 15")
    send("INFO timeout_turn 500", "INFO timeout_match 0", "INFO rule 0")
    timings = []
    for _ in range(moves):
        send("BOARD", *POSITION)
        cpu_before, asked = used_cpu(player.pid), time.monotonic()
        send("DONE")
        reply = answer()
        wall, cpu = time.monotonic() - asked, used_cpu(player.pid) - cpu_before
        if "," not in reply:
            sys.exit(f"no move: {reply}")
        timings.append((round(wall * 1000), round(cpu * 1000)))
    send("END")
finally:
    for hog in busy:
        hog.kill()
timings.sort()
print(f"{moves} moves, {hogs} busy loops; slowest (wall ms, cpu ms): {timings[-5:]}")
print(f"median wall {timings[len(timings) // 2][0]} ms, cpu {timings[len(timings) // 2][1]} ms")
