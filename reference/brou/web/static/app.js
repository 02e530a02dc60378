// brou web: the pages (docs/web.md). No build step: this file is served as it is.
// Every text that comes from the server is put in the page as text (textContent), never as HTML.

const WORDS = {
  en: {
    table: "Table", replay: "Replay", register: "Register", reports: "Reports", other: "Français",
    newTable: "A new table", game: "Game", readings: "Readings of the register", choices: "Choices before play",
    seats: "Seats", you: "you (a person)", player: "Player", mode: "Length", oneDeal: "one deal",
    session: "a whole game or session", seed: "Seed (empty: drawn)", open: "Show every hand",
    start: "Sit down", paste: "Or paste a position (one line of notation) or a game record",
    openPaste: "Open the position", params: "parameters", deal: "Deal", of: "of", dealer: "dealer",
    toAct: "to act", out: "sits out", won: "tricks", trick: "Trick", lastTrick: "Trick just taken",
    trump: "Trump", turnup: "Turned card", talon: "Talon", yourHand: "Your hand", words: "Say",
    undo: "Undo", solve: "Solver", record: "Record", close: "Leave the table", next: "Next deal",
    thinking: "is thinking…", refused: "Refused", rule: "Rule", clause: "clause", dealOver: "Deal over",
    sessionOver: "The table is over", winners: "Winners", copy: "Copy", hands: "Hands as dealt",
    line: "The deal's line", sheet: "Score", total: "Total", values: "The solver's values (every card known)",
    best: "best", value: "value", noSolve: "The solver cannot answer", keys: "Keys",
    keysTable: "← → move along the hand, Enter plays, 1–9 the nth card, u undo, s solver, r record, n next deal",
    keysReplay: "← → a step back or on, Home End the first or last step",
    search: "Search the corpus (id or clause)", ruleset: "ruleset", origin: "origin", any: "any",
    results: "scenarios", openReports: "Open JSON reports of brou check (--report json)",
    step: "Step", expected: "Expected", reference: "The reference engine", got: "The implementation",
    agrees: "agrees", differs: "differs", first: "First step", prev: "Step back", fwd: "Step on", last: "Last step",
    before: "Position before step", after: "Position after the last step", failure: "The failure",
    verdict: "Verdict", detail: "Detail", question: "Question", sources: "What the sources say",
    options: "Options", defaults: "Defaults", witness: "Witness", figures: "What the study found",
    witnessNone: "No witness scenario in the corpus", studyNone: "Not studied",
    plot_careful: "Careful players at every seat", plot_replayed: "Where a reading arises, played on by the search player",
    plot_aimed: "Play aimed at the case, played on by the search player",
    matrix: "Implementations and clauses", failures: "Failures", remove: "Remove", noReports: "No report yet.",
    upload: "Upload", passed: "passed", failed: "failed", errored: "errored", skipped: "skipped",
    xfailed: "xfailed", xpassed: "xpassed", openAt: "Open at the failing step", scenario: "Scenario",
    notFound: "Not found", said: "What was said", score: "Score", lead: "leads", side: "side",
    paused: "The deal is over: look, then go on to the next deal.", back: "back", card: "card",
    notPlayable: "not playable", openTable: "Open tables", error: "Error", setup: "Setup",
    implementation: "Implementation", count: "The count", marks: "Marks", previous: "previous", following: "next", seedWord: "seed",
  },
  fr: {
    table: "Table", replay: "Rejouer", register: "Registre", reports: "Rapports", other: "English",
    newTable: "Une nouvelle table", game: "Jeu", readings: "Lectures du registre", choices: "Choix avant de jouer",
    seats: "Places", you: "vous (une personne)", player: "Joueur", mode: "Durée", oneDeal: "une donne",
    session: "une partie ou une séance entière", seed: "Graine (vide : tirée)", open: "Montrer toutes les mains",
    start: "S'asseoir", paste: "Ou coller une position (une ligne de notation) ou une partie enregistrée",
    openPaste: "Ouvrir la position", params: "paramètres", deal: "Donne", of: "sur", dealer: "donneur",
    toAct: "à jouer", out: "ne joue pas", won: "levées", trick: "Levée", lastTrick: "Levée qui vient d'être faite",
    trump: "Atout", turnup: "Carte retournée", talon: "Talon", yourHand: "Votre main", words: "Dire",
    undo: "Annuler", solve: "Solveur", record: "Partie", close: "Quitter la table", next: "Donne suivante",
    thinking: "réfléchit…", refused: "Refusé", rule: "Règle", clause: "clause", dealOver: "Donne finie",
    sessionOver: "La table est finie", winners: "Gagnants", copy: "Copier", hands: "Les mains distribuées",
    line: "La ligne de la donne", sheet: "Marque", total: "Total", values: "Les valeurs du solveur (toutes cartes vues)",
    best: "meilleur", value: "valeur", noSolve: "Le solveur ne peut répondre", keys: "Touches",
    keysTable: "← → parcourir la main, Entrée joue, 1–9 la n-ième carte, u annuler, s solveur, r partie, n donne suivante",
    keysReplay: "← → une étape avant ou après, Début Fin la première ou la dernière",
    search: "Chercher dans le corpus (identifiant ou clause)", ruleset: "jeu", origin: "origine", any: "tous",
    results: "scénarios", openReports: "Ouvrir des rapports JSON de brou check (--report json)",
    step: "Étape", expected: "Attendu", reference: "Le moteur de référence", got: "L'implémentation",
    agrees: "d'accord", differs: "diffère", first: "Première étape", prev: "Étape précédente", fwd: "Étape suivante",
    last: "Dernière étape", before: "Position avant l'étape", after: "Position après la dernière étape",
    failure: "L'échec", verdict: "Verdict", detail: "Détail", question: "Question", sources: "Ce que disent les sources",
    options: "Options", defaults: "Par défaut", witness: "Témoin", figures: "Ce qu'a trouvé l'étude",
    witnessNone: "Aucun scénario témoin dans le corpus", studyNone: "Pas étudié",
    plot_careful: "Joueurs prudents à chaque place", plot_replayed: "Là où une lecture se présente, rejouée par le joueur qui cherche",
    plot_aimed: "Parties dirigées vers le cas, rejouées par le joueur qui cherche",
    matrix: "Implémentations et clauses", failures: "Échecs", remove: "Retirer", noReports: "Aucun rapport pour l'instant.",
    upload: "Envoyer", passed: "réussis", failed: "échoués", errored: "en erreur", skipped: "sautés",
    xfailed: "échecs attendus", xpassed: "réussites inattendues", openAt: "Ouvrir à l'étape qui échoue",
    scenario: "Scénario", notFound: "Introuvable", said: "Ce qui a été dit", score: "Marque", lead: "entame",
    side: "camp", paused: "La donne est finie : regardez, puis passez à la donne suivante.", back: "dos",
    card: "carte", notPlayable: "injouable", openTable: "Tables ouvertes", error: "Erreur", setup: "Donne de départ",
    implementation: "Implémentation", count: "Le compte", marks: "Marques", previous: "précédents", following: "suivants", seedWord: "graine",
  },
};
const SUITS = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
const RANKS = {en: {T: "10"}, fr: {T: "10", K: "R", Q: "D", J: "V"}};

let lang = localStorage.getItem("brou-lang") === "fr" ? "fr" : "en";
let meta = null;
let pageKeys = null;   // the keys of the page shown: a function of the keydown event, or null
let pageToken = 0;     // bumped on each new page: pending polls of an older page stop

const t = (key) => (WORDS[lang][key] ?? WORDS.en[key] ?? key);
const colon = () => (lang === "fr" ? "\u202f: " : ": ");  // French sets a thin space before a colon
const main = () => document.getElementById("main");

// -- small helpers -------------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

class ApiError extends Error {
  constructor(status, data) {
    super(data && data.error ? data.error : `HTTP ${status}`);
    this.status = status;
    this.data = data || {};
  }
}

async function api(method, path, body, raw) {
  const options = {method, headers: {}};
  if (body !== undefined) {
    options.body = raw ? body : JSON.stringify(body);
    options.headers["content-type"] = raw ? "application/octet-stream" : "application/json";
  }
  const sep = path.includes("?") ? "&" : "?";
  const response = await fetch(`${path}${sep}lang=${lang}`, options);
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = {error: text.slice(0, 300)}; }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.classList.add("shown");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.remove("shown"), 4000);
}

function errorBox(err) {
  return el("p", {class: "error", role: "alert"}, `${t("error")}${colon()}${err.message}`,
    err.data && err.data.where ? ` (${err.data.where})` : "");
}

function cardLabel(text) {
  if (typeof text !== "string" || text.length !== 2) return String(text);
  const rank = (RANKS[lang][text[0]] ?? text[0]);
  return rank + (SUITS[text[1]] ?? text[1]);
}

function cardImg(ruleset, text, cls) {
  return el("img", {class: cls || "card-img", src: `/api/card/${ruleset}/${text}.svg?lang=${lang}`,
    alt: cardLabel(text), width: 35, height: 49, draggable: "false"});
}

function backImg() {
  return el("img", {class: "card-back", src: "/api/back.svg", alt: "", width: 29, height: 41});
}

function show(value) {
  // a value of a view or a step as short text, cards with their suit signs
  if (value === null || value === undefined) return "–";
  if (typeof value === "string") return /^[2-9TJQKA][SHDC]$/.test(value) ? cardLabel(value) : value;
  if (Array.isArray(value)) return value.map(show).join(", ");
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${k}: ${show(v)}`).join("; ");
  }
  return String(value);
}

function jsonText(value) {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function playerName(state, p) {
  const seat = state.players ? state.players[p] : null;
  const who = seat ? (seat.human ? t("you").split(" ")[0] : seat.who) : "";
  return `${t("player")} ${p}` + (who ? ` (${who})` : "");
}

function setPage(name, keys) {
  pageToken += 1;
  pageKeys = keys || null;
  for (const a of document.querySelectorAll("nav a")) {
    a.toggleAttribute("aria-current", a.dataset.nav === name);
    if (a.dataset.nav === name) a.setAttribute("aria-current", "page");
  }
  main().replaceChildren();
  return pageToken;
}

function heading(text, level) {
  return el(level || "h1", {text});
}

async function loadMeta() {
  if (!meta || meta.lang !== lang) {
    meta = await api("GET", "/api/meta");
    meta.lang = lang;
  }
  return meta;
}

// -- the new table ------------------------------------------------------------------------

async function pageHome() {
  const token = setPage("table");
  const m = await loadMeta();
  if (token !== pageToken) return;
  const form = el("form", {class: "new-table", "aria-labelledby": "new-title"});
  const gameSel = el("select", {id: "f-game", name: "ruleset"},
    m.rulesets.map((r) => el("option", {value: r.id, text: r.title})));
  const saved = localStorage.getItem("brou-game");
  if (saved && m.rulesets.some((r) => r.id === saved)) gameSel.value = saved;
  const params = el("div", {class: "params"});
  const seats = el("fieldset", {class: "seats"});
  const mode = el("fieldset", {class: "mode"}, el("legend", {text: t("mode")}),
    el("label", {}, el("input", {type: "radio", name: "mode", value: "deal", checked: true, id: "f-mode-deal"}), t("oneDeal")),
    el("label", {}, el("input", {type: "radio", name: "mode", value: "session", id: "f-mode-session"}), t("session")));
  const seed = el("input", {id: "f-seed", type: "number", min: 0, step: 1, inputmode: "numeric"});
  const open = el("input", {id: "f-open", type: "checkbox"});
  const message = el("div", {class: "form-message", "aria-live": "polite"});

  function ruleset() { return m.rulesets.find((r) => r.id === gameSel.value); }
  function tableSize() {
    const r = ruleset();
    const form = params.querySelector('[data-param="form"]');
    return form && r.forms[form.value] ? r.forms[form.value] : r.players;
  }
  function renderSeats() {
    const n = tableSize();
    const names = m.players.map((p) => p.name).filter((name) => name !== "chaos");
    seats.replaceChildren(el("legend", {text: t("seats")}));
    for (let p = 0; p < n; p++) {
      const sel = el("select", {id: `f-seat-${p}`, "data-seat": p, "aria-label": `${t("player")} ${p}`},
        el("option", {value: "you", text: t("you")}), names.map((name) => el("option", {value: name, text: name})));
      sel.value = p === 0 ? "you" : "careful";
      const extra = el("input", {id: `f-seat-${p}-params`, "data-seat-params": p,
        "aria-label": `${t("player")} ${p}: ${t("params")}`, size: 16});
      const showParams = () => {
        // the player's parameters, for those that take some (pimc, search): their defaults as the hint
        const player = m.players.find((x) => x.name === sel.value);
        const params = player ? player.params : [];
        extra.hidden = !params.length;
        extra.placeholder = params.map((x) => `${x.name}=${x.default === null ? "none" : x.default}`).join(":");  // as a spec writes it
        extra.title = params.map((x) => `${x.name}: ${x.about} (${x.takes})`).join("\n");
      };
      sel.addEventListener("change", showParams);
      showParams();
      seats.append(el("div", {class: "seat-row"}, el("label", {for: `f-seat-${p}`, text: `${t("player")} ${p}`}), sel, extra));
    }
  }
  function renderParams() {
    const r = ruleset();
    params.replaceChildren();
    if (r.readings.length) {
      const box = el("fieldset", {class: "readings"}, el("legend", {text: t("readings")}));
      for (const reading of r.readings) {
        const sel = el("select", {id: `f-reading-${reading.id}`, "data-reading": reading.id},
          reading.options.map((o) => el("option", {value: o, text: o + (o === reading.default ? " ✓" : "")})));
        sel.value = reading.default;
        box.append(el("div", {class: "reading-row"},
          el("label", {for: `f-reading-${reading.id}`}, el("b", {text: reading.id}), " ", reading.question), sel));
      }
      params.append(el("details", {class: "readings-box"}, el("summary", {text: `${t("readings")} (${r.readings.length})`}), box));
    }
    const choices = Object.entries(r.params).filter(([, p]) => !p.ambiguity.length);
    if (choices.length) {
      const box = el("fieldset", {class: "choices"}, el("legend", {text: t("choices")}));
      for (const [name, p] of choices) {
        let input;
        if (p.range) {
          input = el("input", {type: "number", id: `f-param-${name}`, "data-param": name, min: p.range[0], max: p.range[1],
            value: p.default});
        } else {
          input = el("select", {id: `f-param-${name}`, "data-param": name},
            p.options.map((o) => el("option", {value: JSON.stringify(o), text: String(o)})));
          input.value = JSON.stringify(p.default);
        }
        if (name === "form") input.addEventListener("change", renderSeats);
        box.append(el("div", {class: "param-row"}, el("label", {for: `f-param-${name}`}, el("b", {text: name}), " ", p.question), input));
      }
      params.append(box);
    }
    renderSeats();
  }
  gameSel.addEventListener("change", () => { localStorage.setItem("brou-game", gameSel.value); renderParams(); });
  renderParams();

  form.append(
    el("h1", {id: "new-title", text: t("newTable")}),
    el("div", {class: "row"}, el("label", {for: "f-game", text: t("game")}), gameSel),
    params, seats, mode,
    el("div", {class: "row"}, el("label", {for: "f-seed", text: t("seed")}), seed),
    el("div", {class: "row"}, el("label", {}, open, " ", t("open"))),
    el("button", {type: "submit", class: "primary", id: "f-start", text: t("start")}), message);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const r = ruleset();
    const body = {ruleset: r.id, mode: form.querySelector('input[name="mode"]:checked').value, open: open.checked,
      seats: [], readings: {}, params: {}};
    for (const sel of form.querySelectorAll("[data-reading]")) {
      const reading = r.readings.find((x) => x.id === sel.dataset.reading);
      if (sel.value !== reading.default) body.readings[sel.dataset.reading] = sel.value;
    }
    for (const input of form.querySelectorAll("[data-param]")) {
      const p = r.params[input.dataset.param];
      const value = p.range ? Number(input.value) : JSON.parse(input.value);
      if (JSON.stringify(value) !== JSON.stringify(p.default)) body.params[input.dataset.param] = value;
    }
    for (const sel of form.querySelectorAll("[data-seat]")) {
      const box = form.querySelector(`[data-seat-params="${sel.dataset.seat}"]`);
      const extra = box.hidden ? "" : box.value.trim();
      body.seats.push(sel.value === "you" || !extra ? sel.value : `${sel.value}:${extra.replaceAll(",", ":")}`);
    }
    if (seed.value !== "") body.seed = Number(seed.value);
    try {
      const state = await api("POST", "/api/tables", body);
      location.hash = `#/table/${state.id}`;
    } catch (err) { message.replaceChildren(errorBox(err)); }
  });

  const pasted = el("textarea", {id: "f-paste", rows: 3, spellcheck: "false",
    placeholder: "brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - : AS"});
  const pasteMessage = el("div", {class: "form-message", "aria-live": "polite"});
  const pasteForm = el("form", {class: "paste"}, el("label", {for: "f-paste", text: t("paste")}), pasted,
    el("button", {type: "submit", id: "f-paste-open", text: t("openPaste")}), pasteMessage);
  pasteForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const state = await api("POST", "/api/tables", {paste: pasted.value, open: open.checked});
      location.hash = `#/table/${state.id}`;
    } catch (err) { pasteMessage.replaceChildren(errorBox(err)); }
  });
  main().append(form, pasteForm);
  gameSel.focus();
}

// -- a table ------------------------------------------------------------------------------

const tableView = {id: null, state: null, player: null, solved: null, refusal: null, record: null};
let carried = null;  // {id, refusal}: the table's refusal across a switch of language

async function pageTable(id) {
  const token = setPage("table", tableKeys);
  // a refusal shown when the language was switched stays on the table, now in the other language
  const refusal = carried && carried.id === id ? carried.refusal : null;
  carried = null;
  Object.assign(tableView, {id, state: null, player: null, solved: null, refusal, record: null});
  try {
    const state = await api("GET", `/api/tables/${encodeURIComponent(id)}`);
    if (token !== pageToken) return;
    tableView.player = state.viewer;
    renderTable(state);
    follow(state, token);
  } catch (err) {
    main().replaceChildren(heading(t("table")), errorBox(err), el("p", {}, el("a", {href: "#/", text: t("newTable")})));
  }
}

async function follow(state, token) {
  // while a player of the registry thinks, wait for its move (the server holds the request until one comes)
  while (state && state.thinking && token === pageToken) {
    try {
      state = await api("GET", `/api/tables/${tableView.id}?after=${state.version}&player=${tableView.player}`);
    } catch (err) { main().append(errorBox(err)); return; }
    if (token !== pageToken) return;
    renderTable(state);
  }
}

async function tableCall(method, path, body) {
  const token = pageToken;
  try {
    const state = await api(method, `/api/tables/${tableView.id}${path}?player=${tableView.player}`, body);
    tableView.refusal = null;
    tableView.solved = null;
    renderTable(state);
    follow(state, token);
    return state;
  } catch (err) {
    if (err.status === 422 && err.data.code) {
      tableView.refusal = err.data;
      renderTable(tableView.state);
      const box = document.getElementById("refusal");
      if (box) box.focus();
    } else {
      toast(err.message);
    }
    return null;
  }
}

function act(text) {
  const actions = tableView.state && tableView.state.actions;
  if (!actions) return;
  tableCall("POST", "/act", {player: actions.player, action: text});
}

function tableKeys(event) {
  const state = tableView.state;
  if (!state || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
  const cards = [...document.querySelectorAll(".hand .card")];
  if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
    if (!cards.length) return;
    const at = cards.indexOf(document.activeElement);
    const next = at < 0 ? 0 : (at + (event.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length;
    cards[next].focus();
    event.preventDefault();
  } else if (/^[1-9]$/.test(event.key) && cards[Number(event.key) - 1]) {
    cards[Number(event.key) - 1].click();
  } else if (event.key === "u") { document.getElementById("b-undo")?.click(); }
  else if (event.key === "s") { document.getElementById("b-solve")?.click(); }
  else if (event.key === "r") { document.getElementById("b-record")?.click(); }
  else if (event.key === "n") { document.getElementById("b-next")?.click(); }
}

function seatPlate(state, p, info) {
  const classes = ["plate"];
  if (info.to_act) classes.push("acting");
  if (state.players[p].human) classes.push("human");
  const notes = [];
  if (info.dealer) notes.push(t("dealer"));
  if (info.out) notes.push(t("out"));
  if (info.to_act) notes.push(state.thinking && !state.players[p].human ? `${state.players[p].who} ${t("thinking")}` : t("toAct"));
  return el("div", {class: classes.join(" ")},
    el("span", {class: "name", text: playerName(state, p)}),
    notes.length ? el("span", {class: "notes", text: notes.join(" · ")}) : null,
    el("span", {class: "won", text: `${t("won")}${colon()}${info.won}`}));
}

function cardsRow(ruleset, cards, small) {
  return el("div", {class: small ? "cards small" : "cards"}, cards.map((c) => cardImg(ruleset, c)));
}

function trickBox(state, cards, title, winner) {
  return el("figure", {class: "trick"}, el("figcaption", {text: title}),
    el("div", {class: "played"}, cards.map((c) => el("div", {class: "played-card" + (c.player === winner ? " winner" : "")},
      cardImg(state.ruleset, c.card), el("span", {class: "by", text: `${t("player")} ${c.player}`})))));
}

function viewList(state) {
  // what the player sees beyond the cards: what was said, shown, counted (the engine's view, put
  // in words by the server in the page's language: brou/web/said.py)
  const rows = (state.said || []).flatMap((row) => [el("dt", {text: row.label}), el("dd", {text: row.text})]);
  return rows.length ? el("dl", {class: "said"}, rows) : null;
}

function sheetBox(state) {
  const sheet = state.sheet;
  if (!sheet || (sheet.kind === "deal")) return null;
  const box = el("section", {class: "sheet", "aria-labelledby": "sheet-title"}, el("h2", {id: "sheet-title", text: t("sheet")}));
  if (sheet.kind === "match") {
    if (sheet.svg) box.append(el("img", {class: "sheet-svg", alt: t("sheet"),
      src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(sheet.svg)}));
    box.append(el("p", {text: `${t("marks")}${colon()}${sheet.marks.join(" – ")}`}));
    return box;
  }
  const head = el("tr", {}, el("th", {text: t("deal")}), [...Array(sheet.players).keys()].map((p) => el("th", {text: `${t("player")} ${p}`})));
  const rows = sheet.rows.slice(-12).map((r) => el("tr", {}, el("td", {text: String(r.number)}),
    r.values.map((v, p) => el("td", {class: r.winners.includes(p) ? "win" : "", text: String(v)}))));
  const foot = sheet.totals ? el("tr", {class: "total"}, el("th", {text: t("total")}), sheet.totals.map((v) => el("td", {text: String(v)}))) : null;
  box.append(el("p", {class: "unit", text: sheet.unit}), el("div", {class: "scroll"}, el("table", {}, el("thead", {}, head), el("tbody", {}, rows), foot)));
  return box;
}

function renderTable(state) {
  tableView.state = state;
  const b = state.board;
  const me = state.viewer;
  const others = b.players.filter((p) => p.player !== me);
  const mine = b.players.find((p) => p.player === me);
  const top = el("div", {class: "table-head"},
    el("h1", {}, state.title, el("span", {class: "sub", text: ` ${t("deal")} ${state.deal_number}`})),
    el("p", {class: "line", text: state.ruleset_line + (state.seed !== null ? ` · ${t("seedWord")} ${state.seed}` : "")}),
    el("div", {class: "tools"},
      el("button", {type: "button", id: "b-undo", disabled: !state.can_undo, onclick: () => tableCall("POST", "/undo"), "aria-keyshortcuts": "u", text: t("undo")}),
      el("button", {type: "button", id: "b-solve", disabled: state.over || state.paused, onclick: solve, "aria-keyshortcuts": "s", text: t("solve")}),
      el("button", {type: "button", id: "b-record", onclick: showRecord, "aria-keyshortcuts": "r", text: t("record")}),
      el("a", {href: "#/", class: "button", text: t("close")})));

  const ring = el("div", {class: "others"}, others.map((p) => el("div", {class: "seat" + (p.out ? " out" : ""), "data-player": p.player},
    seatPlate(state, p.player, p),
    p.hand ? cardsRow(state.ruleset, p.hand, true) : el("div", {class: "backs", "aria-label": `${p.count} ${t("card")}`},
      [...Array(Math.min(p.count, 12)).keys()].map(() => backImg()), p.count > 12 ? ` ×${p.count}` : ""))));

  const infos = [];
  if (b.trump) infos.push(el("span", {class: "info trump"}, `${t("trump")}${colon()}`, el("b", {class: "suit-" + b.trump, text: SUITS[b.trump] || b.trump})));
  const turned = state.view.turnup || b.turnup;
  if (turned) infos.push(el("span", {class: "info"}, `${t("turnup")}${colon()}`, cardImg(state.ruleset, turned, "card-img tiny")));
  if (b.talon) infos.push(el("span", {class: "info", text: `${t("talon")}${colon()}${b.talon}`}));
  infos.push(el("span", {class: "info", text: `${t("trick")} ${Math.min(b.tricks + 1, b.of)} ${t("of")} ${b.of}`}));
  const centre = el("div", {class: "centre"}, el("div", {class: "infos"}, infos),
    b.trick.length ? trickBox(state, b.trick, `${t("trick")} ${b.tricks + 1}`, null)
      : b.last ? trickBox(state, b.last.cards, `${t("lastTrick")} → ${t("player")} ${b.last.winner}`, b.last.winner)
        : el("div", {class: "trick empty", text: "—"}));

  const actions = state.actions;
  const hand = el("div", {class: "hand", role: "group", "aria-label": t("yourHand")});
  if (mine && mine.hand) {
    const legal = new Map((actions ? actions.cards : []).map((c) => [c.card, c.legal]));
    const values = new Map((tableView.solved && tableView.solved.version === state.version ? tableView.solved.actions : []).map((a) => [a.action, a.value]));
    mine.hand.forEach((c, i) => {
      const playable = actions ? legal.get(c) : undefined;
      const label = cardLabel(c) + (playable === false ? ` (${t("notPlayable")})` : "");
      const button = el("button", {type: "button", class: "card" + (playable === false ? " illegal" : "") + (playable ? " legal" : ""),
        "data-card": c, "aria-label": label, "aria-disabled": playable === false ? "true" : null,
        title: label, disabled: !actions || playable === undefined, onclick: () => act(c)},
        cardImg(state.ruleset, c), i < 9 && actions ? el("span", {class: "key", "aria-hidden": "true", text: String(i + 1)}) : null,
        values.has(c) ? el("span", {class: "value" + (tableView.solved.best.includes(c) ? " best" : ""), text: String(values.get(c))}) : null);
      hand.append(button);
    });
  }
  const wordsBox = el("div", {class: "words", role: "group", "aria-label": t("words")},
    (actions ? actions.words : []).map((w) => el("button", {type: "button", class: "word" + (w.legal ? "" : " illegal"),
      "data-word": w.text, "aria-disabled": w.legal ? null : "true", onclick: () => act(w.text),
      // the label in the page's language; the notation's word, which is the action sent, as its title
      title: w.label && w.label !== w.text ? w.text : null, text: w.label || show(w.text)})));

  const mySeat = mine ? el("div", {class: "me"}, seatPlate(state, mine.player, mine), hand, wordsBox) : null;

  const side = el("aside", {class: "side"});
  if (tableView.refusal) side.append(refusalBox(tableView.refusal));
  if (state.note) side.append(el("p", {class: "note", text: state.note}));
  if (tableView.solved) side.append(solvedBox(state, tableView.solved));
  if (tableView.record) side.append(recordBox(tableView.record));
  const said = viewList(state);
  if (said) side.append(el("section", {class: "said-box"}, el("h2", {text: t("said")}), said));
  const sheet = sheetBox(state);
  const wide = sheet && state.sheet.kind === "match" && state.sheet.svg;  // the marque or the slate: drawn wide, under the board
  if (sheet && !wide) side.append(sheet);
  side.append(el("p", {class: "keys"}, el("b", {text: `${t("keys")}${colon()}`}), t("keysTable")));

  const board = el("section", {class: "board", "aria-label": t("table")}, ring, centre, mySeat);
  const parts = [top];
  if (state.paused || state.over) parts.push(finishedBox(state));
  parts.push(el("div", {class: "table-body"}, el("div", {class: "main-col"}, board, wide ? sheet : null), side));
  const focused = document.activeElement ? document.activeElement.dataset.card || document.activeElement.id : null;
  main().replaceChildren(...parts);
  if (focused) {
    const again = document.querySelector(`[data-card="${focused}"]`) || document.getElementById(focused);
    if (again && !again.disabled) again.focus();
  }
  if ((state.paused && !state.over) && !tableView.refusal) document.getElementById("b-next")?.focus();
  else if (actions && !document.activeElement?.closest?.(".hand, .words, .tools, .side")) {
    const first = hand.querySelector(".card.legal") || wordsBox.querySelector(".word:not(.illegal)");
    if (first) first.focus();
  }
}

function refusalBox(refusal) {
  const rule = refusal.rule ? refusal.rule[lang] : null;
  return el("section", {class: "refusal", id: "refusal", tabindex: "-1", role: "alert"},
    el("h2", {text: `${t("refused")}${colon()}${refusal.code}`}),
    rule ? el("p", {class: "rule"}, el("b", {text: `${t("rule")} ${rule.number}`}), rule.chapter ? ` (${rule.chapter})` : "", " — ", rule.text) : null,
    rule ? el("p", {class: "clause", text: `${t("clause")} ${rule.clause}`}) : null,
    el("p", {class: "engine", text: refusal.error}));
}

function finishedBox(state) {
  const f = state.finished;
  const box = el("section", {class: "finished", "aria-labelledby": "finished-title"});
  box.append(el("h2", {id: "finished-title", text: state.over ? t("sessionOver") : `${t("dealOver")} (${f ? f.number : ""})`}));
  if (!state.over) box.append(el("p", {text: t("paused")}));
  if (f) {
    if (f.count) {
      // the count as the booklet's commented deal gives it, in the page's language
      const c = f.count;
      box.append(el("h3", {text: t("count")}), el("div", {class: "scroll"}, el("table", {class: "count"},
        el("thead", {}, el("tr", {}, c.header.map((h, i) => el("th", {scope: "col", text: i ? h : ""})))),
        el("tbody", {}, c.rows.map((row) => el("tr", {}, row.map((cell, i) => i ? el("td", {text: cell}) : el("th", {scope: "row", text: cell}))))))),
        ...c.said.map((text) => el("p", {class: "result", text})));
    }
    box.append(el("h3", {text: t("hands")}), el("div", {class: "dealt"}, Object.entries(f.dealt).map(([p, cards]) =>
      el("div", {class: "dealt-row"}, el("span", {class: "name", text: `${t("player")} ${p}`}), cardsRow(state.ruleset, cards, true)))));
    box.append(el("h3", {text: t("line")}), el("code", {class: "notation", text: f.notation}));
  }
  if (state.sheet && state.sheet.winners && state.over) box.append(el("p", {text: `${t("winners")}${colon()}${state.sheet.winners.map((p) => `${t("player")} ${p}`).join(", ")}`}));
  if (!state.over) box.append(el("button", {type: "button", class: "primary", id: "b-next", "aria-keyshortcuts": "n",
    onclick: () => tableCall("POST", "/next"), text: t("next")}));
  return box;
}

async function solve() {
  const state = tableView.state;
  try {
    const found = await api("POST", `/api/tables/${tableView.id}/solve`, {player: tableView.player});
    tableView.solved = found;
  } catch (err) {
    tableView.solved = {error: err.message, version: state.version, actions: [], best: []};
  }
  renderTable(tableView.state);
}

function solvedBox(state, solved) {
  const box = el("section", {class: "solved", id: "solved", "aria-labelledby": "solved-title"}, el("h2", {id: "solved-title", text: t("values")}));
  if (solved.error) { box.append(el("p", {class: "error", text: `${t("noSolve")}${colon()}${solved.error}`})); return box; }
  box.append(el("p", {text: `${t("value")}${colon()}${solved.value} (${solved.goal}; ${t("side")}${colon()}${solved.side.map((p) => `${t("player")} ${p}`).join(", ")}) · ${solved.seconds} s`}));
  box.append(el("table", {}, el("tbody", {}, solved.actions.map((a) => el("tr", {class: solved.best.includes(a.action) ? "best" : ""},
    el("td", {text: show(a.action)}), el("td", {text: String(a.value)}), el("td", {text: solved.best.includes(a.action) ? t("best") : ""}))))));
  return box;
}

async function showRecord() {
  try {
    tableView.record = await api("GET", `/api/tables/${tableView.id}/record`);
  } catch (err) { toast(err.message); return; }
  renderTable(tableView.state);
  document.getElementById("record-text")?.focus();
}

function recordBox(record) {
  const area = el("textarea", {id: "record-text", rows: 8, readonly: true, spellcheck: "false", "aria-label": t("record")});
  area.value = record.record;
  const copy = el("button", {type: "button", text: t("copy"), onclick: async () => {
    area.select();
    try { await navigator.clipboard.writeText(area.value); toast(t("copy") + " ✓"); } catch (e) { document.execCommand("copy"); }
  }});
  return el("section", {class: "record"}, el("h2", {text: t("record")}), area, copy);
}

// -- replay -------------------------------------------------------------------------------

async function pageReplayList(query) {
  const token = setPage("replay");
  const m = await loadMeta();
  const q = el("input", {id: "r-q", type: "search", value: query.q || "", "aria-label": t("search"), placeholder: t("search")});
  const rs = el("select", {id: "r-ruleset", "aria-label": t("ruleset")}, el("option", {value: "", text: `${t("ruleset")}${colon()}${t("any")}`}),
    m.rulesets.map((r) => el("option", {value: r.id, text: r.title})));
  rs.value = query.ruleset || "";
  const origin = el("select", {id: "r-origin", "aria-label": t("origin")}, el("option", {value: "", text: `${t("origin")}${colon()}${t("any")}`}),
    ["hand-written", "generated", "boundary", "perft", "fuzzed"].map((o) => el("option", {value: o, text: o})));
  origin.value = query.origin || "";
  const list = el("div", {class: "results", "aria-live": "polite"});
  const form = el("form", {class: "search", role: "search"}, q, rs, origin, el("button", {type: "submit", text: "→"}));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    location.hash = `#/replay?q=${encodeURIComponent(q.value)}&ruleset=${rs.value}&origin=${origin.value}`;
  });
  const files = el("input", {type: "file", id: "r-files", accept: ".json,application/json", multiple: true});
  files.addEventListener("change", () => uploadReports(files.files, "#/reports"));
  main().append(heading(t("replay")), form,
    el("p", {class: "upload"}, el("label", {for: "r-files", text: t("openReports")}), " ", files), list);
  try {
    const offset = /^[0-9]+$/.test(query.offset || "") ? Number(query.offset) : 0;
    const search = `q=${encodeURIComponent(query.q || "")}&ruleset=${encodeURIComponent(query.ruleset || "")}&origin=${encodeURIComponent(query.origin || "")}`;
    const found = await api("GET", `/api/scenarios?${search}&offset=${offset}`);
    if (token !== pageToken) return;
    const shown = found.scenarios.length;
    const pages = el("p", {class: "pages"},
      offset > 0 ? el("a", {href: `#/replay?${search}&offset=${Math.max(0, offset - 100)}`, text: `← ${t("previous")}`}) : null,
      ` ${shown ? offset + 1 : 0}–${offset + shown} ${t("of")} ${found.total} ${t("results")} `,
      offset + shown < found.total ? el("a", {href: `#/replay?${search}&offset=${offset + 100}`, text: `${t("following")} →`}) : null);
    list.append(pages, el("ul", {class: "scenario-list"},
      found.scenarios.map((s) => el("li", {}, el("a", {href: `#/replay/${encodeURIComponent(s.id)}`, text: s.id}),
        el("span", {class: "meta", text: ` ${s.origin} · ${s.clauses.join(", ")}`})))));
    if (found.total > shown) list.append(pages.cloneNode(true));
  } catch (err) { list.append(errorBox(err)); }
  q.focus();
}

function stepCell(value) {
  return el("code", {class: "value", text: jsonText(value)});
}

function boardView(ruleset, board) {
  const players = el("div", {class: "replay-hands"}, board.players.map((p) => el("div", {class: "dealt-row" + (p.to_act ? " acting" : "")},
    el("span", {class: "name", text: `${t("player")} ${p.player}` + (p.dealer ? ` · ${t("dealer")}` : "") + (p.to_act ? ` · ${t("toAct")}` : "") + (p.out ? ` · ${t("out")}` : "")}),
    p.hand ? cardsRow(ruleset, p.hand, true) : el("span", {text: `${p.count}`}),
    el("span", {class: "won", text: `${t("won")}${colon()}${p.won}`}))));
  const infos = [];
  if (board.trump) infos.push(el("span", {class: "info"}, `${t("trump")}${colon()}`, el("b", {class: "suit-" + board.trump, text: SUITS[board.trump] || board.trump})));
  if (board.turnup) infos.push(el("span", {class: "info"}, `${t("turnup")}${colon()}`, cardImg(ruleset, board.turnup, "card-img tiny")));
  if (board.talon) infos.push(el("span", {class: "info", text: `${t("talon")}${colon()}${board.talon}`}));
  infos.push(el("span", {class: "info", text: `${t("trick")} ${Math.min(board.tricks + 1, board.of)} ${t("of")} ${board.of} · ${board.phase}`}));
  const state = {ruleset};
  const trick = board.trick.length ? trickBox(state, board.trick, t("trick"), null)
    : board.last ? trickBox(state, board.last.cards, `${t("lastTrick")} → ${t("player")} ${board.last.winner}`, board.last.winner) : null;
  return el("div", {class: "replay-board"}, el("div", {class: "infos"}, infos), players, trick);
}

function stepsList(walked, failure, base) {
  return el("ol", {class: "steps"}, walked.steps.map((s) => {
    const current = s.number === walked.at + 1;
    const failing = failure && failure.step === s.number;
    return el("li", {class: (current ? "current " : "") + (failing ? "failing " : "") + (s.agrees ? "" : "disagrees"), value: s.number,
      "aria-current": current ? "step" : null},
      el("a", {href: `${base}?at=${s.number - 1}`}, el("b", {text: `${s.kind}`}), ` ${s.text}` + (s.player !== null && s.player !== undefined ? ` (${t("player")} ${s.player})` : "")),
      el("div", {class: "pair"}, el("span", {class: "label", text: `${t("expected")}${colon()}`}), stepCell(s.expected)),
      el("div", {class: "pair"}, el("span", {class: "label", text: `${t("reference")}${colon()}`}), stepCell(s.reference),
        el("span", {class: s.agrees ? "ok" : "bad", text: s.agrees ? ` ✓ ${t("agrees")}` : ` ✗ ${t("differs")}`})));
  }));
}

function clausesBox(walked) {
  return el("ul", {class: "clauses"}, walked.clauses.map((c) => el("li", {},
    el("b", {text: c.number ? `${t("rule")} ${c.number}` : c.clause}), c.number ? ` (${c.clause})` : "", c.text ? ` — ${c.text}` : "")));
}

function replayKeys(base, at, total) {
  return (event) => {
    if (["INPUT", "TEXTAREA", "SELECT"].includes(event.target?.tagName)) return;
    let next = null;
    if (event.key === "ArrowRight") next = Math.min(total, at + 1);
    else if (event.key === "ArrowLeft") next = Math.max(0, at - 1);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = total;
    if (next !== null && next !== at) { event.preventDefault(); location.hash = `${base}?at=${next}`; }
  };
}

async function pageScenario(id, query, report) {
  const token = setPage("replay");
  const base = report ? `#/report/${report}/${encodeURIComponent(id)}` : `#/replay/${encodeURIComponent(id)}`;
  let walked;
  try {
    const at = query.at !== undefined ? `&at=${encodeURIComponent(query.at)}` : "";
    walked = report ? await api("GET", `/api/reports/${report}/scenarios/${encodeURIComponent(id)}?x=1`)
      : await api("GET", `/api/scenarios/${encodeURIComponent(id)}?x=1${at}`);
    if (report && query.at !== undefined) {
      const again = await api("GET", `/api/scenarios/${encodeURIComponent(id)}?at=${encodeURIComponent(query.at)}`);
      walked = {...again, report: walked.report, failure: walked.failure};
    }
  } catch (err) {
    if (token === pageToken) main().append(heading(t("scenario")), errorBox(err));
    return;
  }
  if (token !== pageToken) return;
  const total = walked.steps.length;
  pageKeys = replayKeys(base, walked.at, total);
  const controls = el("div", {class: "tools", role: "group", "aria-label": t("step")},
    el("a", {class: "button", href: `${base}?at=0`, "aria-label": t("first"), text: "|◀"}),
    el("a", {class: "button", id: "s-prev", href: `${base}?at=${Math.max(0, walked.at - 1)}`, "aria-label": t("prev"), text: "◀"}),
    el("span", {class: "at", text: `${walked.at} / ${total}`}),
    el("a", {class: "button", id: "s-next", href: `${base}?at=${Math.min(total, walked.at + 1)}`, "aria-label": t("fwd"), text: "▶"}),
    el("a", {class: "button", href: `${base}?at=${total}`, "aria-label": t("last"), text: "▶|"}));
  const parts = [el("h1", {class: "scenario-id", text: walked.id}), el("p", {class: "description", text: walked.description}),
    el("p", {class: "line", text: `${walked.title} · ${walked.origin}` + (Object.keys(walked.params || {}).length ? ` · ${show(walked.params)}` : "")}),
    clausesBox(walked)];
  if (walked.failure) parts.push(failureBox(walked));
  parts.push(controls, el("div", {class: "replay-body"},
    el("section", {class: "position", "aria-labelledby": "pos-title"},
      el("h2", {id: "pos-title", text: walked.at < total ? `${t("before")} ${walked.at + 1}` : t("after")}), boardView(walked.ruleset, walked.board)),
    el("section", {class: "steps-box"}, el("h2", {text: t("step")}), stepsList(walked, walked.failure, base))),
    el("p", {class: "keys"}, el("b", {text: `${t("keys")}${colon()}`}), t("keysReplay")));
  main().append(...parts);
  document.querySelector(".steps li.current")?.scrollIntoView({block: "nearest"});
}

function failureBox(walked) {
  const f = walked.failure;
  const rule = f.rule;
  return el("section", {class: "failure", "aria-labelledby": "failure-title"},
    el("h2", {id: "failure-title", text: `${t("failure")}${colon()}${walked.report.name} · ${f.status}` + (f.step ? ` · ${t("step")} ${f.step}` : "")}),
    el("div", {class: "side-by-side"},
      el("div", {}, el("h3", {text: t("expected")}), stepCell(f.expected)),
      el("div", {}, el("h3", {text: t("got")}), stepCell(f.got))),
    el("p", {}, el("b", {text: `${t("detail")}${colon()}`}), f.detail),
    rule ? el("p", {class: "rule"}, el("b", {text: `${t("rule")} ${rule.number}`}), ` (${rule.clause}) — ${rule.text}`) : null,
    f.step ? el("p", {}, el("a", {href: `#/report/${walked.report.id}/${encodeURIComponent(walked.id)}?at=${f.step - 1}`, text: t("openAt")})) : null);
}

// -- reports --------------------------------------------------------------------------------

async function uploadReports(files, then) {
  for (const file of files) {
    try {
      await api("POST", `/api/reports?name=${encodeURIComponent(file.name)}`, await file.arrayBuffer(), true);
    } catch (err) { toast(`${file.name}: ${err.message}`); }
  }
  if (location.hash === then) route(); else location.hash = then;
}

async function pageReports(query) {
  const token = setPage("reports");
  const files = el("input", {type: "file", id: "rep-files", accept: ".json,application/json", multiple: true});
  files.addEventListener("change", () => uploadReports(files.files, "#/reports"));
  main().append(heading(t("reports")), el("p", {class: "upload"}, el("label", {for: "rep-files", text: t("openReports")}), " ", files));
  let m;
  try { m = await api("GET", "/api/matrix"); } catch (err) { main().append(errorBox(err)); return; }
  if (token !== pageToken) return;
  if (!m.reports.length) { main().append(el("p", {text: t("noReports")})); return; }
  main().append(el("ul", {class: "report-list"}, m.reports.map((r) => el("li", {},
    el("b", {text: r.name}), r.file ? el("span", {class: "meta", text: ` · ${r.file}`}) : "",
    r.implementation && r.implementation !== r.name ? el("div", {class: "meta", text: r.implementation}) : "",
    el("div", {class: "counts"}, ["passed", "failed", "errored", "skipped", "xfailed", "xpassed"].filter((s) => r.counts[s]).map((s) =>
      el("span", {class: `count ${s}`, text: `${r.counts[s]} ${t(s)}`}))),
    r.headline ? el("p", {class: "headline", text: r.headline}) : null,
    el("button", {type: "button", class: "small", text: t("remove"), onclick: async () => {
      await api("DELETE", `/api/reports/${r.id}`); route(); }})))));
  const head = el("tr", {}, el("th", {text: t("ruleset")}), el("th", {text: t("clause")}), m.reports.map((r) => el("th", {scope: "col"}, r.name, r.file ? el("div", {class: "meta", text: r.file}) : null)));
  const body = m.rows.map((row) => el("tr", {}, el("td", {text: row.ruleset}), el("th", {scope: "row", text: row.clause}),
    row.cells.map((cell, k) => {
      if (!cell) return el("td", {class: "none", text: "·"});
      const bad = cell.failed + cell.errored + cell.xpassed;
      const text = bad ? `✗ ${bad}` : cell.passed ? `✓ ${cell.passed}` : cell.skipped ? `– ${cell.skipped}` : `${cell.xfailed}`;
      const cls = bad ? "bad" : cell.passed ? "ok" : "skip";
      const title = Object.entries(cell).filter(([, v]) => v).map(([s, v]) => `${v} ${t(s)}`).join(", ");
      return el("td", {class: cls},
        bad ? el("a", {href: `#/reports?report=${m.reports[k].id}&ruleset=${row.ruleset}&clause=${encodeURIComponent(row.clause)}`, title, text})
          : el("span", {title, text}));
    })));
  main().append(el("h2", {text: t("matrix")}), el("div", {class: "scroll matrix-box"}, el("table", {class: "matrix"}, el("thead", {}, head), el("tbody", {}, body))));
  if (query.report) {
    try {
      const found = await api("GET", `/api/reports/${query.report}/failures?ruleset=${query.ruleset || ""}&clause=${encodeURIComponent(query.clause || "")}`);
      if (token !== pageToken) return;
      const list = el("section", {class: "failures", id: "failures"}, el("h2", {text: `${t("failures")}${colon()}${found.report.name} · ${query.clause || ""}`}),
        el("ul", {}, found.failures.map((f) => el("li", {},
          el("a", {href: `#/report/${query.report}/${encodeURIComponent(f.id)}`, text: f.id}),
          el("span", {class: "meta", text: ` ${f.status}` + (f.step ? ` · ${t("step")} ${f.step}` : "")}),
          f.detail ? el("div", {class: "detail", text: f.detail}) : null))));
      main().append(list);
      list.querySelector("a")?.focus();
    } catch (err) { main().append(errorBox(err)); }
  }
}

// -- the register -----------------------------------------------------------------------------

async function pageRegister() {
  const token = setPage("register");
  let found;
  try { found = await api("GET", "/api/register"); } catch (err) { main().append(errorBox(err)); return; }
  if (token !== pageToken) return;
  main().append(heading(t("register")), el("div", {class: "scroll"}, el("table", {class: "register"},
    el("thead", {}, el("tr", {}, el("th", {text: "id"}), el("th", {text: t("question")}), el("th", {text: t("defaults")}), el("th", {text: t("witness")}))),
    el("tbody", {}, found.entries.map((e) => el("tr", {},
      el("th", {scope: "row"}, el("a", {href: `#/register/${e.id}`, text: e.id})), el("td", {text: e.question}),
      el("td", {text: Object.entries(e.defaults).map(([r, o]) => `${r}: ${o}`).join("; ")}),
      el("td", {text: Object.entries(e.witness).map(([r, w]) => `${r}: ${w}`).join("; ")})))))));
}

async function pageEntry(id) {
  const token = setPage("register");
  let e;
  try { e = await api("GET", `/api/register/${encodeURIComponent(id)}`); } catch (err) { main().append(heading(id), errorBox(err)); return; }
  if (token !== pageToken) return;
  const parts = [el("h1", {text: e.id}), el("p", {class: "question", text: e.question}),
    el("h2", {text: t("sources")}), el("ul", {}, e.sources.map((s) => el("li", {}, el("b", {text: `${s.source} ${s.section}`.trim()}), ` — ${s.says}`))),
    el("h2", {text: t("options")}), el("ul", {}, e.options.map((o) => el("li", {}, el("b", {text: o.name}),
      Object.entries(e.defaults).filter(([, d]) => d.option === o.name).map(([r]) => el("span", {class: "default", text: ` ✓ ${r}`})),
      o.why ? ` — ${o.why}` : ""))),
    el("h2", {text: t("defaults")}), el("ul", {}, Object.entries(e.defaults).map(([r, d]) => el("li", {}, el("b", {text: `${r}: ${d.option}`}), d.why ? ` — ${d.why}` : "")))];
  main().append(...parts);
  for (const [ruleset, w] of Object.entries(e.witnesses)) {
    const section = el("section", {class: "witness"}, el("h2", {text: `${t("witness")} · ${ruleset}` + (w.status ? ` (${w.status})` : "")}));
    main().append(section);
    if (!w.pairs.length) { section.append(el("p", {text: t("witnessNone")})); }
    for (const pair of w.pairs) {
      const row = el("div", {class: "side-by-side"});
      section.append(row);
      for (const [k, sid] of pair.scenarios.entries()) {
        const col = el("div", {class: "witness-col"}, el("h3", {}, el("a", {href: `#/replay/${encodeURIComponent(sid)}`, text: pair.options[k]})));
        row.append(col);
        api("GET", `/api/scenarios/${encodeURIComponent(sid)}?at=last`).then((walked) => {
          if (token !== pageToken) return;
          const last = walked.steps[walked.steps.length - 1];
          col.append(el("p", {class: "description", text: walked.description}), boardView(walked.ruleset, walked.board),
            el("div", {class: "pair"}, el("b", {text: `${t("step")} ${last.number}: ${last.kind} ${last.text} → `}), stepCell(last.expected)));
        }).catch((err) => col.append(errorBox(err)));
      }
    }
    const fig = e.figures[ruleset];
    const figBox = el("div", {class: "figures"}, el("h3", {text: `${t("figures")} · ${ruleset}`}));
    if (fig) {
      figBox.append(el("p", {text: fig.about}), el("ul", {}, fig.options.map((o) => el("li", {text: o}))));
      for (const kind of fig.plots) {
        figBox.append(el("figure", {class: "plot-box"},
          el("img", {class: "plot", src: `/api/register/${e.id}/plot/${ruleset}.svg?of=${kind}`, alt: `${e.id} ${ruleset}: ${t(`plot_${kind}`)}`, loading: "lazy"}),
          el("figcaption", {text: t(`plot_${kind}`)})));
      }
    } else figBox.append(el("p", {text: t("studyNone")}));
    section.append(figBox);
  }
}

// -- routing ----------------------------------------------------------------------------------

function parseHash() {
  const hash = location.hash.replace(/^#/, "") || "/";
  const [path, search] = hash.split("?");
  const query = Object.fromEntries(new URLSearchParams(search || ""));
  return {parts: path.split("/").filter(Boolean).map(decodeURIComponent), query};
}

async function route() {
  const {parts, query} = parseHash();
  try {
    if (parts[0] === "table" && parts[1]) await pageTable(parts[1]);
    else if (parts[0] === "replay" && parts[1]) await pageScenario(parts[1], query, null);
    else if (parts[0] === "replay") await pageReplayList(query);
    else if (parts[0] === "report" && parts[1] && parts[2]) await pageScenario(parts[2], query, parts[1]);
    else if (parts[0] === "reports") await pageReports(query);
    else if (parts[0] === "register" && parts[1]) await pageEntry(parts[1]);
    else if (parts[0] === "register") await pageRegister();
    else await pageHome();
  } catch (err) {
    main().replaceChildren(errorBox(err));
  }
}

function applyLang() {
  document.documentElement.lang = lang;
  for (const key of ["table", "replay", "register", "reports"]) document.getElementById(`nav-${key}`).textContent = t(key);
  const button = document.getElementById("lang");
  button.textContent = lang === "en" ? "FR" : "EN";
  button.setAttribute("aria-label", t("other"));
  document.getElementById("skip").textContent = lang === "en" ? "Skip to the content" : "Aller au contenu";
}

document.getElementById("lang").addEventListener("click", () => {
  lang = lang === "en" ? "fr" : "en";
  localStorage.setItem("brou-lang", lang);
  carried = tableView.refusal && location.hash.startsWith("#/table/") ? {id: tableView.id, refusal: tableView.refusal} : null;
  applyLang();
  route();
});
document.addEventListener("keydown", (event) => { if (pageKeys) pageKeys(event); });
window.addEventListener("hashchange", route);
applyLang();
route();
