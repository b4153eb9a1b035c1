#!/usr/bin/env python3
"""Instructions per call of functions in a callgrind profile (Benchmarks/run.sh).

    callgrind-per-call.py PROFILE NAME=SYMBOL_PART [NAME=SYMBOL_PART …]

For each NAME, the function whose (mangled) name contains SYMBOL_PART: its inclusive
instructions, how many times it was called, and the instructions per call, printed as
`NAME_instructions=… NAME_calls=… NAME_per_call=…`. Reads `callgrind_annotate --tree=caller
--inclusive=yes`, where each function's line (`*`) follows one line per caller with its call
count (`(N×)`).
"""
import re
import subprocess
import sys

profile, wanted = sys.argv[1], [argument.split("=", 1) for argument in sys.argv[2:]]
annotated = subprocess.run(["callgrind_annotate", "--tree=caller", "--inclusive=yes", "--threshold=100", profile],
                           capture_output=True, text=True, check=True).stdout.splitlines()
number = lambda text: int(text.replace(",", ""))
figures = []
for name, part in wanted:
    found = None
    for index, line in enumerate(annotated):
        match = re.match(r"\s*([\d,]+) \([^)]*\)\s+\*\s+\S*:(\S+)", line)
        if not match or part not in match.group(2):
            continue
        calls, back = 0, index - 1
        while back >= 0 and "<" in annotated[back]:
            caller = re.search(r"\(([\d,]+)x\)", annotated[back])
            calls += number(caller.group(1)) if caller else 0
            back -= 1
        found = (number(match.group(1)), calls)
        break
    if found is None:
        sys.exit(f"callgrind-per-call.py: no function matching {part!r} in {profile}")
    instructions, calls = found
    figures.append(f"{name}_instructions={instructions} {name}_calls={calls} {name}_per_call={instructions // max(1, calls)}")
print(" ".join(figures))
