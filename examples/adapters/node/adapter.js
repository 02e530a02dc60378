#!/usr/bin/env node
// Starting kit: a Brou conformance adapter for Node 20 (no npm dependencies), to be wired to your own engine.
//
// It speaks the whole protocol of conformance/PROTOCOL.md (handshake, scenarios, stop) and, out of
// the box, answers only what needs no engine: the observables of a deal before its first action.
// Every other scenario is answered with `skip`, so `brou check --impl "node adapter.js"` passes
// from the start. Search for `YOUR ENGINE:` to find the places to fill in.
//
// Run it:  brou check --impl "node examples/adapters/node/adapter.js"
'use strict';

const readline = require('node:readline');

const PROTOCOL_VERSION = 1;

// YOUR ENGINE: the rulesets you play, each with the parameter values you support besides the
// defaults ({undertrump_when_void: [true]}); a scenario needing anything else is skipped.
const RULESETS = { brouc: { params: {} }, 'homme-de-brou-1802': { params: {} } };

// YOUR ENGINE: add the optional parts as you implement them:
// "game", "match", "sheet", "seeded-deal", "perft", "error-codes", "view" (PROTOCOL.md, "Features").
const FEATURES = [];

/** Write a line to standard error: the harness keeps it and quotes it when something goes wrong. */
function log(text) {
  process.stderr.write(text + '\n');
}

/** The scenario needs something this adapter cannot do yet: it is answered with `skip`. */
class CannotRun extends Error {}

/** An action the rules forbid, with its code from docs/errors.md (needed with feature error-codes). */
class Refused extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** One deal being played: the bridge between the protocol and your engine. */
class Table {
  /** Set up the deal of a scenario (its `setup`: dealer, hands and turnup, or seed; game; match). */
  constructor(scenario, seed) {
    const setup = scenario.setup;
    this.ruleset = scenario.ruleset;
    this.params = scenario.params || {};
    this.dealer = setup.dealer === undefined ? 3 : setup.dealer;
    if (setup.seed !== undefined) {
      // YOUR ENGINE: deal from `seed` (a BigInt, exact) as docs/shuffle.md specifies (feature
      // seeded-deal); setup.seed itself went through JSON.parse and may have lost digits above 2^53.
      throw new CannotRun('seeded deals are not implemented');
    }
    this.hands = setup.hands;
    this.turnup = setup.turnup;
    // YOUR ENGINE: create your deal here, from this.ruleset, this.params, this.dealer,
    // this.hands, this.turnup, and setup.game / setup.match if you play them.
    this.actionsTaken = 0;
  }

  /** Take an action of the player to act; throw Refused (changing nothing) if the rules forbid it. */
  act(action) {
    // YOUR ENGINE: apply the action: "TH", "announce KQH", "pass", "claim", "declare", ...
    // On a refusal: throw new Refused('must-follow-suit', 'TH does not follow: the player holds a spade');
    throw new CannotRun('actions are not implemented');
  }

  /** The value of one observable (PROTOCOL.md, "Observables"). */
  observe(name) {
    if (this.actionsTaken === 0) {
      // Before the first action these need no engine.
      if (name === 'to_act') return (this.dealer + 1) % 4;
      if (name === 'trump') return this.turnup[1];
      if (name === 'trick' || name === 'tricks') return [];
      if (name === 'over') return false;
    }
    // YOUR ENGINE: to_act, legal, trick, tricks, trump, over, announcements, table, result,
    // and with their features outcome, match, deal, sheet, view.
    throw new CannotRun(`observable ${name} is not implemented`);
  }

  /** The number of legal action sequences of this length from here (feature perft). */
  perft(depth) {
    // YOUR ENGINE: count them (copy your state, try every legal action, recurse).
    throw new CannotRun('perft is not implemented');
  }
}

/** The handshake answer: the protocol version, who we are, what we support. */
function hello(seq) {
  return {
    seq,
    brou: PROTOCOL_VERSION,
    implementation: { name: 'my-brou', version: '0.0.1', language: 'javascript' }, // YOUR ENGINE: your name
    rulesets: RULESETS,
    features: FEATURES,
    // known_failures: ['brouc.play.*'],  // optional: scenario ids or globs you know you fail
  };
}

/** The seed of a run request read exactly from its raw line (a seed goes up to 2^64 - 1), or null. */
function exactSeed(line) {
  const match = /"seed"\s*:\s*(\d+)/.exec(line);
  return match ? BigInt(match[1]) : null;
}

/** Play a scenario's steps in order: one result per step, or `skip` / `error` for the whole scenario. */
function run(seq, scenario, seed) {
  try {
    const table = new Table(scenario, seed);
    const results = [];
    for (const step of scenario.steps) {
      if ('act' in step) {
        try {
          table.act(step.act);
          table.actionsTaken += 1;
          results.push({ ok: true });
        } catch (e) {
          if (!(e instanceof Refused)) throw e;
          results.push({ ok: false, code: e.code, message: e.message });
        }
      } else if ('observe' in step) {
        const observation = {};
        for (const name of step.observe) observation[name] = table.observe(name);
        results.push(observation);
      } else if ('perft' in step) {
        results.push({ count: table.perft(step.perft) });
      } else {
        throw new CannotRun(`unknown step ${JSON.stringify(Object.keys(step))}`);
      }
    }
    return { seq, results };
  } catch (e) {
    if (e instanceof CannotRun) return { seq, skip: e.message };
    // a bug of the engine: reported as errored, and the adapter keeps serving
    log(`scenario ${scenario.id}: ${e.stack || e}`);
    return { seq, error: String(e) };
  }
}

/** Write one answer: one line of JSON (JSON.stringify never leaves a raw newline), UTF-8. */
function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n', 'utf8');
}

// Read one request per line until `stop` or the end of input, and answer each.
const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on('line', (line) => {
  if (!line.trim()) return;
  const request = JSON.parse(line);
  if (request.cmd === 'hello') {
    if (request.brou !== PROTOCOL_VERSION) {
      log(`the harness speaks protocol ${request.brou}, this adapter ${PROTOCOL_VERSION}`);
    }
    send(hello(request.seq));
  } else if (request.cmd === 'run') {
    send(run(request.seq, request.scenario, exactSeed(line)));
  } else if (request.cmd === 'stop') {
    input.close(); // nothing else is pending: Node exits once the last answer is written
  } else {
    send({ seq: request.seq || 0, error: `unknown command ${JSON.stringify(request.cmd)}` });
  }
});
