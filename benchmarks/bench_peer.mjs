// The Node side of `benchmarks/bench_melds.py --peer PATH`: times a peer engine's meld verdict on our corpus.
//
// Usage: node benchmarks/bench_peer.mjs PEER_JS CORPUS_JSON [--serve]
//   PEER_JS      a compiled JavaScript module exporting interpretMeld(cards) -> interpretation | null
//                (mfarroni/BURRACO's BE_Burraco/src/engine/meld.ts compiled by bench_melds.py from a
//                local copy; the peer's code is never part of this repository)
//   CORPUS_JSON  {"items": [[[rank, suit, deck], ...], ...], "legal": [true, false, ...]} as bench_melds.py
//                writes it: our cards (rank 0 = joker, 1 = ace, 11-13 = J Q K; suit S H D C or "" for a joker)
//                and our engine's verdict on each item.
//
// First every verdict is checked against ours (but where a card is there twice, below; a disagreement is printed and the run fails: two engines
// that judge differently are not timed against each other); then 1 s of warm-up and three rounds of 3 s,
// each a count of whole passes over the corpus, one call per item. Prints one JSON line:
// {"items": N, "illegal": K, "twice": T (items with a card twice, not compared), "rounds": [{"wall": s, "cpu": s, "calls": n}, ...]}.
// With --serve it prints the first three fields at once and then times a round each time it is asked (below):
// bench_melds.py --peer interleaves the peer's rounds with ours, so a load that comes and goes weighs on both.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const [peerPath, corpusPath] = process.argv.slice(2);
if (!peerPath || !corpusPath) {
  console.error("usage: node bench_peer.mjs PEER_JS CORPUS_JSON");
  process.exit(2);
}
const peer = await import(pathToFileURL(resolve(peerPath)).href);
const interpretMeld = peer.interpretMeld ?? peer.default?.interpretMeld;
if (typeof interpretMeld !== "function") {
  console.error(`${peerPath} exports no interpretMeld`);
  process.exit(2);
}

const RANKS = { 0: "JOKER", 1: "A", 11: "J", 12: "Q", 13: "K" };
const SUITS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

/** Our card as the peer's Card: the same card of the same deck is the same id. */
function peerCard([rank, suit, deck]) {
  const peerRank = RANKS[rank] ?? String(rank);
  if (rank === 0) {
    return { id: `JOKER-${deck + 1}`, suit: null, rank: peerRank, isWild: true, wildKind: "joker" };
  }
  return {
    id: `${suit}-${peerRank}-${deck + 1}`,
    suit: SUITS[suit],
    rank: peerRank,
    isWild: rank === 2,
    wildKind: rank === 2 ? "pinella" : null,
  };
}

const corpus = JSON.parse(readFileSync(corpusPath, "utf8"));
const items = corpus.items.map((cards) => cards.map(peerCard));
const legal = corpus.legal;

// A card that is there twice (the same card of the same deck) cannot come from a hand: we refuse it, the peer's
// game never asks (its moves name cards in the hand by id) and its interpretMeld does not look. Those items are
// timed like the others but their verdicts are not compared.
let disagreements = 0;
let twice = 0;
items.forEach((cards, i) => {
  if (new Set(cards.map((c) => c.id)).size !== cards.length) {
    twice++;
    return;
  }
  const verdict = interpretMeld(cards) !== null;
  if (verdict !== legal[i]) {
    disagreements++;
    if (disagreements <= 10) {
      console.error(`item ${i}: peer says ${verdict ? "legal" : "illegal"}, we say ${legal[i] ? "legal" : "illegal"}: `
        + cards.map((c) => c.id).join(" "));
    }
  }
});
if (disagreements) {
  console.error(`${disagreements} of ${items.length} verdicts differ: not timed`);
  process.exit(1);
}

let sink = 0;
function pass() {
  for (let i = 0; i < items.length; i++) {
    if (interpretMeld(items[i]) !== null) sink++;
  }
}

function round(seconds) {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const limit = start + BigInt(Math.round(seconds * 1e9));
  let passes = 0;
  do {
    pass();
    passes++;
  } while (process.hrtime.bigint() < limit);
  const used = process.cpuUsage(cpu);
  return {
    wall: Number(process.hrtime.bigint() - start) / 1e9,
    cpu: (used.user + used.system) / 1e6,
    calls: passes * items.length,
  };
}

const illegal = legal.filter((v) => !v).length;
if (process.argv.includes("--serve")) {
  // Rounds on request, so the caller interleaves them with its own under the same load: a line "ROUND s" on
  // stdin times a round of s seconds and answers with its JSON line.
  console.log(JSON.stringify({ items: items.length, illegal, twice }));
  const { createInterface } = await import("node:readline");
  for await (const line of createInterface({ input: process.stdin })) {
    const [word, seconds] = line.trim().split(/\s+/);
    if (word !== "ROUND") break;
    console.log(JSON.stringify({ ...round(Number(seconds)), sink: sink > 0 }));
  }
} else {
  round(1); // warm-up: the JIT compiles the hot paths
  const rounds = [round(3), round(3), round(3)];
  console.log(JSON.stringify({ items: items.length, illegal, twice, rounds, sink: sink > 0 }));
}
