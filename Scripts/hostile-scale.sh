#!/usr/bin/env bash
# Hostile scale (issue 18): inputs of a few MB whose cost once grew with the square of their
# size, each run through the whole `chat-layout` process at n, 10n and 100n, with the ratio of
# each step's time to the one before (≈ 10 is linear; 100 would be quadratic). Figures go to
# BENCHMARKS.md, "Hostile scale (issue 18)".
#
#   Scripts/hostile-scale.sh                     # every case at n, 10n, 100n (release build in .build-release)
#   CASES="keys reads" STEPS="1 10" Scripts/hostile-scale.sh
#   CHAT_LAYOUT=path/to/chat-layout Scripts/hostile-scale.sh   # another build (e.g. an older commit's)
#   REPEAT=5 Scripts/hostile-scale.sh           # each time the best of 5 runs (default 3): one run's
#                                                 wall time on a shared 2-core machine moved a ratio by ±40 %
#
# The cases (n in brackets):
#   keys        an object of canonically equivalent keys, "k7\u00e9" beside "k7e\u0301" (a
#               message's reaction_scores) [1000 keys]
#   new-threads notification.thread_message_new for threads the list does not show, beside as
#               many listed threads each updated by a thread.updated event [500 threads, 1000 events]
#   reads       message.read from as many users on one thread [1000 events]
#   reactions   distinct reaction types: a message's reaction_scores and latest_reactions, and a
#               thread parent's, in the message list and the thread view [1000 types]
#   typing      typing_user_ids of members and unknown users, and a message whose thread
#               participants have no names, in the channel and beside a thread [1000 ids]
#   parents     threads without parent_message, their parents among the messages [1000 threads]
#   deletes     message.deleted (hard) of each of a thread's latest replies [1000 replies and events]
#   hash-flood  message ids chosen so that the id table's former public hash put them all in the
#               first eighth of its slots: one cluster, probed linearly (issue 26.3) [1000 messages]
#   names       authors who share one display name, "Alex", each with a message, explained [1000 authors]
#   lookalikes  authors whose ids only read alike ("u" and 17 accents, each é or e + U+0301),
#               each with a message, explained [1000 ids]
#   tall        one message of line feeds beside a short one, drawn as text at width 1000 (bands
#               of 1048 rows) [10,000 line feeds]
#   marks       a letter with combining marks (U+0300–U+036F in turn, zalgo), laid out in
#               points by HarfBuzz [1000 marks]
#   md-quotes   markdown: a message of 10n nested block quotes ('>' 10n times), drawn at the
#               deepest depth drawn (issue 31) [10,000 '>']
#   md-stars    markdown: 10n '*' around a word, and 10n '[' before one [10,000 of each]
#   md-links    markdown: a message of n links, beside one of n bare URLs [1000 of each]
#   md-lists    markdown: a list nested 10n deep on one line ('- ' 10n times before a word;
#               an indented item a level would make the document grow with n²) [10,000 levels]
#
# Documents are made in $HOSTILE_DIR (default /tmp/clk-hostile-scale). Needs /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${HOSTILE_DIR:-/tmp/clk-hostile-scale}
cases=(${CASES:-keys new-threads reads reactions typing parents deletes hash-flood names lookalikes tall marks md-quotes md-stars md-links md-lists})
steps=(${STEPS:-1 10 100})
mkdir -p "$dir"
[ -x /usr/bin/time ] || { echo "hostile-scale.sh needs /usr/bin/time (apt-get install -y time)" >&2; exit 2; }
if [ -z "${CHAT_LAYOUT:-}" ]; then
    swift build -c release --product chat-layout --scratch-path .build-release >&2
    CHAT_LAYOUT=$PWD/.build-release/release/chat-layout
fi

python3 - "$dir" "${steps[*]}" <<'PY'
import json, os, sys
out, steps = sys.argv[1], [int(s) for s in sys.argv[2].split()]
context = {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"}
def at(second):
    return "2024-03-05T%02d:%02d:%02dZ" % (8 + second // 3600 % 4, second // 60 % 60, second % 60)
def message(id, text="hello", user="x", second=0, **extra):
    return dict(id=id, text=text, user={"id": user, "name": "User " + user}, created_at=at(second), **extra)
def thread(parent, second):
    return {"parent_message_id": parent, "channel": {"cid": "messaging:x", "name": "X"},
            "parent_message": message(parent, "parent " + parent, second=second), "reply_count": 1,
            "read": [{"user": {"id": "me"}, "unread_messages": 0}], "last_message_at": at(second)}
def public_hash(id):
    # MessageIDIndex's former hash: unkeyed, so anyone could choose colliding ids.
    data, mask = id.encode(), (1 << 64) - 1
    h, i = 0x9E3779B97F4A7C15 ^ len(data), 0
    while i + 8 <= len(data):
        h = ((h ^ int.from_bytes(data[i:i + 8], "little")) * 0xBF58476D1CE4E5B9) & mask
        h ^= h >> 31
        i += 8
    tail = 0
    for byte in data[i:]: tail = ((tail << 8) | byte) & mask
    h = ((h ^ tail) * 0x94D049BB133111EB) & mask
    return (h ^ (h >> 32)) & 0xFFFFFFFF
def write(name, document):
    path = "%s/%s.json" % (out, name)
    if not os.path.exists(path):
        with open(path, "w") as file: json.dump(document, file)

for step in steps:
    n = 1000 * step
    # Canonically equivalent keys, in pairs: é as one code point, and as e + U+0301.
    scores = {}
    for i in range(n // 2):
        scores["k%d\u00e9" % i] = i
        scores["k%de\u0301" % i] = i
    scores["like"] = 3
    write("keys-%d" % step, {"context": context, "channel": {"cid": "messaging:x", "member_count": 3},
                             "messages": [message("m0", "scored", reaction_scores=scores, latest_reactions=[{"type": "like", "user_id": "y"}])]})
    # n/2 listed threads, each updated; n/2 replies in threads the list does not show.
    listed = n // 2
    events = []
    for i in range(listed):
        events.append({"type": "notification.thread_message_new", "created_at": at(i % 14000),
                       "message": {"id": "r%d" % i, "type": "reply", "parent_id": "unlisted-%d" % i, "text": "hi",
                                   "user": {"id": "y"}, "created_at": at(i % 14000)}})
        events.append({"type": "thread.updated", "thread": {"parent_message_id": "p%d" % (listed - 1 - i), "title": "t%d" % i,
                                                            "reply_count": i, "last_message_at": at((7 * i) % 14000)}})
    write("new-threads-%d" % step, {"context": context, "threads": [thread("p%d" % i, i % 14000) for i in range(listed)], "events": events})
    # n readers of one thread.
    events = [{"type": "message.read", "user": {"id": "u%d" % i, "name": "U%d" % i}, "thread": {"parent_message_id": "p0"},
               "last_read_message_id": "p0", "created_at": at(i % 14000)} for i in range(n)]
    write("reads-%d" % step, {"context": context, "threads": [thread("p0", 0), thread("p1", 1)], "events": events})
    # n distinct reaction types, on a message of the list and on a thread's parent.
    types = ["like", "love"] + ["type%d" % i for i in range(n)]
    reactions = [{"type": t, "user_id": "u%d" % i} for i, t in enumerate(types)]
    scores = {t: i + 1 for i, t in enumerate(types)}
    parent = message("p0", "parent", reply_count=1, latest_reactions=reactions, reaction_scores=scores)
    write("reactions-%d" % step, {"context": context, "channel": {"cid": "messaging:x", "member_count": 3},
                                  "messages": [parent, message("m1", "scored", second=60, latest_reactions=reactions, reaction_scores=scores),
                                               message("r1", "reply", second=120, parent_id="p0")]})
    # n typing ids (unknown users, and members), n nameless thread participants.
    members = [{"user": {"id": "member%d" % i, "name": "Member %d" % i}} for i in range(n // 2)]
    typing = ["member%d" % i for i in range(n // 2)] + ["unknown%d" % i for i in range(n // 2)]
    participants = [{"id": "author%d" % (i % 100)} if i % 2 else {"id": "nameless%d" % i} for i in range(n)]
    authors = [message("a%d" % i, user="author%d" % i, second=i) for i in range(100)]
    write("typing-%d" % step, {"context": context, "channel": {"cid": "messaging:x", "member_count": 3}, "members": members,
                               "typing_user_ids": typing,
                               "messages": authors + [message("p0", "parent", second=200, reply_count=3, thread_participants=participants),
                                                      message("r1", "reply", second=260, parent_id="p0", thread_participants=participants)]})
    # n threads whose parents are among n messages.
    write("parents-%d" % step, {"context": context,
                                "messages": [message("p%d" % i, second=i % 14000) for i in range(n)],
                                "threads": [{"parent_message_id": "p%d" % (n - 1 - i), "reply_count": 1, "last_message_at": at(i % 14000)}
                                            for i in range(n)]})
    # A thread of n latest replies, each deleted for good.
    replies = [message("r%d" % i, "reply", second=i % 14000, type="reply", parent_id="p0") for i in range(n)]
    write("deletes-%d" % step, {"context": context,
                                "threads": [dict(thread("p0", 0), latest_replies=replies, reply_count=n)],
                                "events": [{"type": "message.deleted", "hard_delete": True,
                                            "message": message("r%d" % i, "", second=0, parent_id="p0")} for i in range(n)]})
    # n message ids whose former public hash (MessageIDIndex's before issue 26.3) puts them in the
    # first eighth of the table the decoder grows for n ids.
    slots = 64
    while slots < 2 * n: slots *= 2
    ids, candidate = [], 0
    while len(ids) < n:
        id = "f%d" % candidate
        if public_hash(id) & (slots - 1) < slots // 8: ids.append(id)
        candidate += 1
    write("hash-flood-%d" % step, {"context": context, "channel": {"cid": "messaging:x", "member_count": 3},
                                   "messages": [message(id, second=i % 14000) for i, id in enumerate(ids)]})
    # n authors named "Alex" (issue 26.4).
    write("names-%d" % step, {"context": context, "channel": {"cid": "messaging:x", "member_count": 3},
                              "messages": [dict(message("m%d" % i, second=i % 14000), user={"id": "alex%d" % i, "name": "Alex"})
                                           for i in range(n)]})
    # n ids that read alike: the bits of i choose é or e + U+0301 at each of 17 places.
    spelled = lambda i: "u" + "".join("e\u0301" if i >> bit & 1 else "\u00e9" for bit in range(17))
    write("lookalikes-%d" % step, {"context": context, "channel": {"cid": "messaging:x", "member_count": 3},
                                   "messages": [dict(message("m%d" % i, second=i % 14000), user={"id": spelled(i), "name": "U%d" % i})
                                                for i in range(n)]})
    # A message of 10n line feeds (issue 26.5).
    write("tall-%d" % step, {"context": context, "channel": {"cid": "messaging:x", "member_count": 3},
                             "messages": [message("m0", "top" + "\n" * (10 * n) + "bottom"), message("m1", "after", second=60)]})
    # A letter with n combining marks (issue 26.6).
    write("marks-%d" % step, {"context": context, "channel": {"cid": "messaging:x", "member_count": 3},
                              "messages": [message("m0", "a" + "".join(chr(0x300 + i % 0x70) for i in range(n)) + " done"),
                                           message("m1", "after", second=60)]})
    # Markdown (issue 31): nesting, runs of delimiters, many links.
    markdown = lambda name, *texts: write("%s-%d" % (name, step), {"context": context, "channel": {"cid": "messaging:x", "member_count": 3},
                                                                  "messages": [message("m%d" % i, text, second=60 * i) for i, text in enumerate(texts)]})
    markdown("md-quotes", ">" * (10 * n) + " deep", "after")
    markdown("md-stars", "*" * (10 * n) + "word" + "*" * (10 * n), "[" * (10 * n) + "word")
    markdown("md-links", " ".join("[link %d](https://example.com/%d)" % (i, i) for i in range(n)),
             " ".join("https://example.com/%d" % i for i in range(n)))
    # Nested on one line ("- - - item"): an item a level, indented, would grow with n².
    markdown("md-lists", "- " * (10 * n) + "item", "after")
PY

source Scripts/timing.sh  # run: wall seconds and peak MB

export REPEAT=${REPEAT:-3}
echo "commit $(git rev-parse --short HEAD), $(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), best of $REPEAT runs"
header=$(printf '%-22s' case)
for step in "${steps[@]}"; do header+=$(printf ' %16s' "n×$step s / MB"); done
echo "$header   ratios"
for case in "${cases[@]}"; do
    commands=()
    case $case in
        keys) commands=("preview --width 40") ;;
        new-threads) commands=("threads --width 40") ;;
        reads) commands=("threads --width 40") ;;
        reactions) commands=("preview --width 40" "thread --parent p0 --width 40") ;;
        typing) commands=("preview --width 40" "thread --parent p0 --width 40") ;;
        parents) commands=("threads --width 40 --height 40") ;;
        deletes) commands=("threads --width 40") ;;
        hash-flood) commands=("preview --width 40 --height 40") ;;
        names|lookalikes) commands=("explain --format json" "explain --format text") ;;
        tall) commands=("preview --width 1000") ;;
        marks) commands=("preview --units points --format json --width 375") ;;
        md-quotes|md-stars|md-links|md-lists) commands=("preview --width 40" "explain --format json") ;;
        *) echo "unknown case $case" >&2; exit 2 ;;
    esac
    for command in "${commands[@]}"; do
        label="$case ${command%% *}"
        [[ $command == *"--format "* ]] && { format=${command#*--format }; label+=" ${format%% *}"; }
        line=$(printf '%-22s' "$label")
        walls=()
        for step in "${steps[@]}"; do
            read -r wall rss <<< "$(run "$CHAT_LAYOUT" $command "$dir/$case-$step.json")"
            walls+=("$wall")
            line+=$(printf ' %16s' "$wall / $rss")
        done
        ratios=$(python3 -c 'import sys; w = [float(x) for x in sys.argv[1:]]; print(" ".join("%.1f" % (b / max(a, 0.01)) for a, b in zip(w, w[1:])))' "${walls[@]}")
        echo "$line   $ratios"
    done
done
