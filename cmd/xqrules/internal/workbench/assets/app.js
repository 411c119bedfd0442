// The xqrules workbench: plain JavaScript over the server's JSON API.
// State: the start position, the moves played from it, the books chosen
// and the draft; all of it is kept in the URL's fragment so a link
// reproduces the view.
"use strict";

const START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const SVGNS = "http://www.w3.org/2000/svg";
const VERDICT_ZH = { "red-must-vary": "红方变着", "black-must-vary": "黑方变着", "draw": "和棋", "no-cycle": "无循环" };
const LABEL_CLASS = { "将": "check", "杀": "mate", "捉": "chase", "兑": "exchange", "献": "offer", "拦": "block", "跟": "follow", "闲": "idle" };
const SIDE_ZH = { red: "红", black: "黑" };

const state = { fen: START, moves: [], books: null, draft: "", useDraft: false };
let pos = null;        // the last /api/position answer for state
let judged = null;     // the last /api/judge answer
let selected = null;   // the square of the piece picked up
let allBooks = [];
// bad: the part of the view that does not read, kept and marked rather
// than dropped (a shared link with one bad part): { move: n } — the n-th
// move (from 1) and those after it are not played; { fen: true } — the
// FEN; error: the API's error. null when everything reads.
let bad = null;

// playable: the moves that are played on the board.
function playable() {
  if (!bad) return state.moves;
  return bad.move ? state.moves.slice(0, bad.move - 1) : [];
}

// dropBad: before the user changes the moves, the part that did not read
// goes (the moves after the last legal one); a bad FEN stays until a new
// one is set.
function dropBad() {
  if (bad && bad.move) {
    state.moves = state.moves.slice(0, bad.move - 1);
    bad = null;
  }
}

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) if (k != null) e.append(k);
  return e;
}

async function api(path, body) {
  const opt = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": typeof body === "string" ? "application/octet-stream" : "application/json" },
    body: typeof body === "string" || body instanceof ArrayBuffer ? body : JSON.stringify(body),
  };
  const resp = await fetch(path, opt);
  const data = await resp.json();
  if (!resp.ok) throw data.error || { message: resp.statusText };
  return data;
}

function errorText(e) {
  let where = "";
  if (e.move) where = ` (move ${e.move}${e.text ? " “" + e.text + "”" : ""})`;
  else if (e.line) where = ` (line ${e.line}${e.column ? ":" + e.column : ""})`;
  else if (e.offset !== undefined && e.field === "fen") where = ` (character ${e.offset + 1} of the FEN)`;
  return (e.message || String(e)) + where;
}

function setStatus(msg, isErr) {
  const s = $("status");
  s.textContent = "";
  s.append(el("span", { class: isErr ? "err" : "", text: msg }));
}

// ---- the fragment: #fen=…&moves=…&books=…&draft=…

function saveHash() {
  const p = new URLSearchParams();
  if (state.fen !== START) p.set("fen", state.fen);
  if (state.moves.length) p.set("moves", state.moves.join(" "));
  if (state.books) p.set("books", state.books.join(","));
  if (state.draft) p.set("draft", state.draft);
  if (state.useDraft) p.set("usedraft", "1");
  const h = "#" + p.toString();
  history.replaceState(null, "", h === "#" ? location.pathname : h);
  $("share").href = location.href;
}

function loadHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  state.fen = p.get("fen") || START;
  state.moves = (p.get("moves") || "").split(/\s+/).filter(Boolean);
  state.books = p.has("books") ? p.get("books").split(",").filter(Boolean) : null;
  state.draft = p.get("draft") || "";
  state.useDraft = p.get("usedraft") === "1";
}

// ---- the board

async function refresh() {
  saveHash();
  let p = null, nb = null;
  try {
    p = await api("/api/position", { fen: state.fen, moves: state.moves });
  } catch (e) {
    // Keep what was given: the board after the last legal move, the FEN in
    // its box, every move listed, the bad part marked.
    nb = e.field === "moves" && e.move ? { move: e.move, error: e } : { fen: true, error: e };
    if (nb.move) {
      try {
        p = await api("/api/position", { fen: state.fen, moves: state.moves.slice(0, nb.move - 1) });
      } catch (e2) {
        nb = { fen: true, error: e2 };
      }
    }
  }
  const blank = p ? null : await blankBoard();
  // Every request answered: the view changes at once, not piece by piece.
  bad = nb;
  pos = p;
  selected = null;
  markFEN();
  if (p) {
    drawBoard(p.svg);
    $("fen").value = p.start;
  } else {
    $("fen").value = state.fen;
    drawBlank(blank);
  }
  drawMoves();
  if (bad) {
    setStatus(bad.move ? `Not played from move ${bad.move} on — ${bad.error.message}` : "The position does not read: " + errorText(bad.error), true);
  } else {
    const side = p.side === "red" ? "红方 red" : "黑方 black";
    setStatus(p.mate ? `${side} has no legal move` : `${side} to move${p.check ? " — in check 将军" : ""}`, false);
  }
  judge();
}

// markFEN marks a FEN that does not read: the box, and under it the FEN
// with the rank (or the character) at the error's offset highlighted.
function markFEN() {
  const box = $("fenmark");
  box.textContent = "";
  const isBad = !!(bad && bad.fen);
  $("fen").classList.toggle("bad", isBad);
  box.hidden = !isBad;
  if (!isBad) return;
  const f = state.fen, off = bad.error.offset;
  let a = 0, b = f.length;
  if (bad.error.field === "fen" && off !== undefined && off >= 0 && off <= f.length) {
    const board = f.split(/\s/)[0];
    if (off <= board.length) { // the rank around the offset
      a = board.lastIndexOf("/", off - 1) + 1;
      b = board.indexOf("/", off);
      if (b < 0) b = board.length;
      if (b === a) b = Math.min(a + 1, f.length);
    } else { // a field after the board
      a = off;
      b = f.slice(off).search(/\s|$/) + off;
      if (b === a) b = a + 1;
    }
  }
  box.append(el("code", {}, f.slice(0, a), el("mark", { text: f.slice(a, b) || " " }), f.slice(b)));
}

// blankBoard fetches a board to draw with no pieces, for a FEN that does
// not read (null if it cannot).
async function blankBoard() {
  try {
    return (await api("/api/position", { fen: "3k5/9/9/9/9/9/9/9/9/4K4 w" })).svg;
  } catch (e) {
    return null;
  }
}

function drawBlank(svgText) {
  if (!svgText) {
    $("board").textContent = "";
    return;
  }
  drawBoard(svgText, false);
  const svg = $("board").querySelector("svg");
  svg.querySelectorAll(".piece").forEach((g) => g.remove());
  svg.classList.add("blank");
}

function drawBoard(svgText, interactive = true) {
  const box = $("board");
  box.innerHTML = svgText; // the server's SVG: the board the reports draw
  const svg = box.querySelector("svg");
  if (!svg || !interactive || !pos) return;
  svg.addEventListener("click", onBoardClick);
  markSelection();
}

function markSelection() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  svg.querySelectorAll(".dest").forEach((d) => d.remove());
  svg.querySelectorAll(".piece.sel").forEach((g) => g.classList.remove("sel"));
  if (!selected) return;
  const g = svg.querySelector(`.piece[data-square="${selected}"]`);
  if (g) g.classList.add("sel");
  for (const m of pos.legal.filter((m) => m.from === selected)) {
    const c = document.createElementNS(SVGNS, "circle");
    c.setAttribute("class", "dest");
    c.setAttribute("cx", m.x);
    c.setAttribute("cy", m.y);
    c.setAttribute("r", 9);
    c.dataset.move = m.iccs;
    c.dataset.square = m.to;
    const t = document.createElementNS(SVGNS, "title");
    t.textContent = m.cn;
    c.append(t);
    svg.append(c);
  }
}

function onBoardClick(ev) {
  const dest = ev.target.closest(".dest");
  const piece = ev.target.closest(".piece");
  let sq = dest ? dest.dataset.square : piece ? piece.dataset.square : null;
  if (!sq) { // an empty point: the nearest one, if it is a destination
    sq = nearestSquare(ev);
  }
  if (selected && sq) {
    const m = pos.legal.find((m) => m.from === selected && m.to === sq);
    if (m) {
      playMoves([m.iccs]);
      return;
    }
  }
  selected = sq && pos.legal.some((m) => m.from === sq) ? sq : null;
  markSelection();
}

function nearestSquare(ev) {
  const svg = $("board").querySelector("svg");
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  let best = null, bd = 20 * 20;
  for (const s of pos.squares) {
    const d = (s.x - p.x) ** 2 + (s.y - p.y) ** 2;
    if (d < bd) { bd = d; best = s.square; }
  }
  return best;
}

function playMoves(texts) {
  dropBad();
  state.moves = state.moves.concat(texts);
  refresh();
}

function drawMoves() {
  const ol = $("movelist");
  ol.textContent = "";
  const from = judged && judged.cycle ? judged.cycle.from_ply : -1;
  const played = pos ? pos.moves : [];
  played.forEach((m, i) => {
    const li = el("li", { title: `${m.iccs}  ${m.wxf}` }, el("span", { class: "n", text: `${i + 1}.` }), m.cn);
    if (from >= 0 && i >= from && i < from + judged.cycle.moves.length) li.classList.add("incycle");
    ol.append(li);
  });
  // The moves given but not played: the one that does not read, marked,
  // and those after it (or all of them, when the FEN does not read).
  for (let i = played.length; bad && i < state.moves.length; i++) {
    const isBad = bad.move === i + 1;
    ol.append(el("li", { class: isBad ? "bad" : "unplayed", title: isBad ? errorText(bad.error) : "not played: a move before it does not read" },
      el("span", { class: "n", text: `${i + 1}.` }), state.moves[i]));
  }
}

// ---- judging

let judgeSeq = 0;
async function judge() {
  const seq = ++judgeSeq;
  const rules = (state.books || []).join(",");
  const moves = playable();
  if (!moves.length) {
    judged = null;
    showRulings();
    return;
  }
  const req = { fen: state.fen, moves };
  if (state.useDraft && state.draft) {
    req.draft = state.draft;
  } else if (rules) {
    req.rules = rules;
  }
  if (state.useDraft && state.draft && state.books && state.books.length) req.rules = rules;
  try {
    const j = await api("/api/judge", req);
    if (seq !== judgeSeq) return;
    judged = j;
  } catch (e) {
    if (seq !== judgeSeq) return;
    judged = null;
    $("summary").textContent = "";
    $("summary").append(el("p", { class: "err", text: "Cannot judge: " + errorText(e) }));
    $("rulings").textContent = "";
    return;
  }
  drawMoves();
  showRulings();
}

function verdictSpan(v) {
  return el("span", {}, el("span", { class: `verdict v-${v}`, text: v }), VERDICT_ZH[v] ? el("span", { class: "zh", text: " " + VERDICT_ZH[v] }) : null);
}

function showRulings() {
  const sum = $("summary"), box = $("rulings");
  sum.textContent = "";
  box.textContent = "";
  if (bad && bad.move && state.moves.length) {
    sum.append(el("p", { class: "err", text: `Judged on the ${bad.move - 1} move(s) before move ${bad.move}, the first that does not read.` }));
  }
  if (!judged) {
    sum.append(el("p", { class: "none", text: bad && bad.fen ? "No rulings: the position (FEN) does not read; correct it above." : "Play the moves of the cycle (twice, so the position repeats) and the rulings appear here." }));
    return;
  }
  if (!judged.cycle) {
    sum.append(el("p", { class: "none", text: `No cycle yet: no position has occurred twice with the same side to move (${judged.moves.length} moves).` }));
    return;
  }
  const c = judged.cycle;
  sum.append(el("p", { text: `The cycle: ${c.moves.length} plies from move ${c.from_ply + 1}; the position before it occurred ${c.occurrences} times. Point at a move to see its attacks on the board.` }));
  const rs = judged.rulings;
  box.append(rs.length > c.moves.length ? tableByBook(rs, c.moves.length) : tableByMove(rs, c.moves.length));
  box.append(rulingCards(rs));
  clauseTitles(box, rs.map((r) => r.ruleset));
  // The summary: one line per book.
  const st = el("tbody");
  for (const r of rs) st.append(el("tr", { "data-book": r.ruleset }, el("th", { text: r.ruleset }), el("td", {}, verdictSpan(r.verdict)), el("td", { class: "labels-cell", text: r.moves.map((m) => m.label).join(" ") })));
  sum.append(el("table", { class: "summary", id: "verdicts" }, el("thead", {}, el("tr", {}, el("th", { text: "book" }), el("th", { text: "verdict" }), el("th", { text: "labels" }))), st));
}

// The rulings side by side. With more books than moves (ten books, a
// 4-ply cycle) a row per book, a column per move, as the HTML report does,
// so the table fits beside the board; else a row per move, a column per
// book. Either way every element of a move's row or column carries its ply
// (data-ply), and pointing at one draws the move's attacks.

// tableByMove: a row per ply of the cycle, a column per book, then the
// sides' rows and the verdicts'.
function tableByMove(rs, n) {
  const head = el("tr", {}, el("th", { class: "corner", text: "move" }));
  for (const r of rs) head.append(el("th", { title: r.title || "" }, bookHead(r)));
  const body = el("tbody");
  // A book that judged every move since the position first occurred
  // (judged.since_first) shows the last of its moves.
  for (let i = 0; i < n; i++) {
    const tr = el("tr", { "data-ply": i + 1 }, el("th", { class: "mv" }, ...moveHead(movesAt(rs[0], i), true)));
    for (const r of rs) tr.append(moveCell(r, i));
    pointable(tr, i);
    body.append(tr);
  }
  for (const side of ["red", "black"]) {
    const tr = el("tr", { class: "sides" }, el("th", { text: SIDE_ZH[side] + " " + side }));
    for (const r of rs) tr.append(el("td", {}, ...sideRuling(r, side)));
    body.append(tr);
  }
  const vr = el("tr", { class: "verdicts" }, el("th", { text: "verdict" }));
  for (const r of rs) vr.append(el("td", { class: "verdict-cell", "data-book": r.ruleset }, ...verdictRuling(r)));
  body.append(vr);
  return el("table", { class: "books", id: "rulingtable" }, el("thead", {}, head), body);
}

// tableByBook: a row per book, a column per ply, the sides and the
// verdict in the book's last column.
function tableByBook(rs, n) {
  const head = el("tr", {}, el("th", { class: "corner", text: "book" }));
  for (let i = 0; i < n; i++) head.append(pointable(el("th", { class: "mv", "data-ply": i + 1 }, ...moveHead(movesAt(rs[0], i), false)), i));
  head.append(el("th", { class: "vd", text: "sides · verdict" }));
  const body = el("tbody");
  for (const r of rs) {
    const tr = el("tr", { "data-book": r.ruleset }, el("th", { class: "bk", title: r.title || "" }, bookHead(r)));
    for (let i = 0; i < n; i++) tr.append(pointable(moveCell(r, i), i));
    const sides = ["red", "black"].map((side) => el("div", { class: "side" }, el("span", { class: `side-${side}`, text: SIDE_ZH[side] + " " }), ...sideRuling(r, side)));
    tr.append(el("td", { class: "verdict-cell", "data-book": r.ruleset }, ...sides, ...verdictRuling(r)));
    body.append(tr);
  }
  return el("table", { class: "books by-book", id: "rulingtable" }, el("thead", {}, head), body);
}

function bookHead(r) {
  return el("span", {}, el("span", { class: "book", text: r.ruleset }), el("br"), el("span", { class: "title", text: r.title || "" }));
}

// moveHead: a move's ply, side, Chinese name and ICCS (on a line of its
// own when wide).
function moveHead(m, wide) {
  return [el("span", { class: "ply", text: `${m.ply}. ` }), el("span", { class: `side-${m.side}`, text: SIDE_ZH[m.side] + " " }), el("span", { class: "cn", text: m.cn || m.move }), wide ? el("br") : " ", el("code", { text: m.move })];
}

// moveCell: what book r says of ply i of the cycle.
function moveCell(r, i) {
  const m = movesAt(r, i);
  return el("td", { class: "cell" + (isDefault(m) ? " default" : ""), "data-ply": i + 1 }, ...moveRuling(r, m));
}

// sideRuling: a side's labels and the patterns they make.
function sideRuling(r, side) {
  const s = (r.sides || []).find((s) => s.side === side);
  return [s ? s.labels.join(" ") : "", s && s.patterns && s.patterns.length ? el("span", {}, " → ", el("b", { text: s.patterns.join(", ") })) : ""];
}

// pointable: pointing at e (a move's row, header or cell) shows ply i's
// attacks on the board.
function pointable(e, i) {
  e.addEventListener("mouseenter", () => hoverMove(i));
  e.addEventListener("mouseleave", unhover);
  return e;
}

function isDefault(m) { return !m.rule || m.rule === "(default)"; } // no rule matched: the book's default label

// moveRuling: what a book says of a move — its label and tags, the clause
// and rule, the reason, what it exempts.
function moveRuling(r, m) {
  const out = [el("span", { class: `label ${LABEL_CLASS[m.label] || "other"}`, text: m.label }),
    m.tags && m.tags.length ? el("span", { class: "tags", text: ` (${m.tags.join(" ")})` }) : ""];
  if (!isDefault(m)) out.push(el("div", { class: "cite", "data-book": r.ruleset, "data-rule": m.rule, title: `${r.ruleset}: ${m.cite} [${m.rule}]${m.status ? " — " + m.status : ""}` }, m.cite + " ", el("span", { class: "rule", text: `[${m.rule}]` })));
  if (m.reason) out.push(el("div", { class: "reason", text: m.reason }));
  for (const x of m.exempted || []) out.push(el("div", { class: "exempt", text: `not ${x.labels.join(" ")}${x.targets ? " of " + x.targets.join(", ") : ""}: ${x.cite} [${x.rule}]` }));
  return out;
}

// verdictRuling: a book's verdict, its clause and row, reason and notes.
function verdictRuling(r) {
  const out = [verdictSpan(r.verdict)];
  if (r.clause) out.push(el("div", { class: "cite", "data-book": r.ruleset, "data-rule": r.row || "", text: r.clause, title: r.row ? `[${r.row}]` : "" }));
  if (r.row) out.push(el("div", { class: "rule", text: `[${r.row}]` }));
  if (r.reason) out.push(el("div", { class: "reason", text: r.reason }));
  if (r.judged && r.judged.since_first) out.push(el("div", { class: "note", text: `judged: plies ${r.judged.from}–${r.judged.to} (every move of the repetition, since the first of the position's last occurrences)` }));
  for (const note of r.notes || []) out.push(el("div", { class: "note", text: "note: " + note }));
  return out;
}

// rulingCards: the same rulings one book under another, for a narrow
// screen (the CSS shows these or the table, by the width): each book's
// verdict, then its moves; a tap on a move shows its attacks.
function rulingCards(rs) {
  const box = el("div", { id: "rulingcards" });
  for (const r of rs) {
    const ol = el("ol", { class: "cardmoves" });
    r.moves.forEach((m, i) => {
      const li = el("li", { "data-ply": i + 1, class: isDefault(m) ? "default" : "" },
        el("div", { class: "mv" }, el("span", { class: "ply", text: `${m.ply}. ` }), el("span", { class: `side-${m.side}`, text: SIDE_ZH[m.side] + " " }), el("span", { class: "cn", text: (m.cn || m.move) + " " }), el("code", { text: m.move })),
        ...moveRuling(r, m));
      li.addEventListener("click", () => hoverMove(i, li));
      ol.append(li);
    });
    const sides = el("div", { class: "sides" });
    for (const side of ["red", "black"]) {
      const sd = (r.sides || []).find((x) => x.side === side);
      if (sd) sides.append(el("div", {}, el("span", { class: `side-${side}`, text: SIDE_ZH[side] + " " }), sd.labels.join(" "), sd.patterns && sd.patterns.length ? el("span", {}, " → ", el("b", { text: sd.patterns.join(", ") })) : ""));
    }
    box.append(el("section", { class: "bookcard", "data-book": r.ruleset },
      el("h3", {}, el("span", { class: "book", text: r.ruleset }), " ", el("span", { class: "title", text: r.title || "" })),
      el("div", { class: "verdict-cell" }, ...verdictRuling(r)), sides, ol));
  }
  return box;
}

// clauseTitles: a cite, pointed at, shows its clause — the source's words
// (verbatim), or the reading behind it (why), the source and the condition.
const clauseCache = {};
async function clauseTitles(box, ids) {
  for (const id of ids) {
    if (!allBooks.some((b) => b.id === id)) continue; // a draft: its clauses are in the editor
    if (!clauseCache[id]) {
      try { clauseCache[id] = await api(`/api/books/${encodeURIComponent(id)}/clauses`); } catch (e) { continue; }
    }
    for (const d of box.querySelectorAll(`.cite[data-book="${CSS.escape(id)}"]`)) {
      const c = clauseCache[id][d.dataset.rule];
      if (!c) continue;
      const lines = [`${id} ${c.cite} [${d.dataset.rule}] — ${c.status}`];
      if (c.quote) lines.push(`“${c.quote.trim()}”`);
      if (c.why) lines.push("reading: " + c.why.trim());
      if (c.note) lines.push("note: " + c.note.trim());
      if (c.source) lines.push("source: " + c.source);
      if (c.when) lines.push("when: " + c.when);
      d.title = lines.join("\n");
      d.classList.add("hastitle");
    }
  }
}

// movesAt: a ruling's move at the cycle's ply i (0-based): its last moves
// are the cycle's, also when it judged more (since the position first occurred).
function movesAt(r, i) {
  return r.moves[i + r.moves.length - judged.cycle.moves.length];
}

let hoverSeq = 0;
// hoverMove shows ply i's attacks on the board and marks the element
// pointed at (a card's move), or else ply i's row or column of the table.
async function hoverMove(i, marked) {
  const seq = ++hoverSeq;
  document.querySelectorAll("#rulings .hover").forEach((r) => r.classList.remove("hover"));
  for (const e of marked ? [marked] : document.querySelectorAll(`#rulingtable [data-ply="${i + 1}"]`)) e.classList.add("hover");
  const c = judged.cycle;
  const seen = new Set(), attacks = [];
  for (const r of judged.rulings) {
    for (const a of movesAt(r, i).attacks || []) {
      const k = a.from + a.to;
      if (!seen.has(k)) { seen.add(k); attacks.push(a); }
    }
  }
  // A 杀: the arrow is the first move of the mate the move threatens (the
  // facts' mating line; the rulings do not carry it).
  let mate = null;
  if (judged.rulings.some((r) => movesAt(r, i).label === "杀")) {
    try {
      const line = ((await cycleFacts(c)).moves[i].mate_threat || {}).line || [];
      if (line.length) {
        mate = line;
        attacks.push({ from: line[0].slice(0, 2), to: line[0].slice(2, 4), attacker: "杀 " + line[0], victim: "mate: " + line.join(" ") });
      }
    } catch (e) { /* no arrow for the 杀 */ }
  }
  try {
    const p = await api("/api/position", { fen: c.fen, moves: c.moves.slice(0, i + 1), attacks });
    if (seq !== hoverSeq) return;
    drawBoard(p.svg, false);
    const m = p.moves[i];
    const chases = attacks.filter((a) => !a.attacker.startsWith("杀 "));
    let what = chases.length ? "  ·  " + chases.map((a) => `${a.attacker} → ${a.victim}`).join(", ") : "";
    if (mate) what += `  ·  threatens mate: ${mate.join(" ")}`;
    $("boardcap").textContent = `after ${i + 1}. ${m.cn}${what}`;
  } catch (e) { /* the board stays as it is */ }
}

// cycleFacts: the facts of the judged cycle (every fact, 11's parameters),
// fetched once per cycle.
let factsCache = { key: "", facts: null };
async function cycleFacts(c) {
  const key = c.fen + " " + c.moves.join(" ");
  if (factsCache.key !== key) factsCache = { key, facts: await api("/api/facts", { fen: c.fen, moves: c.moves }) };
  return factsCache.facts;
}

function unhover() {
  ++hoverSeq;
  $("boardcap").textContent = "";
  document.querySelectorAll("#rulings .hover").forEach((r) => r.classList.remove("hover"));
  if (pos) drawBoard(pos.svg);
}

// ---- books

function drawBooks() {
  const box = $("books");
  box.textContent = "";
  const chosen = new Set(state.books || allBooks.map((b) => b.id));
  for (const b of allBooks) {
    const cb = el("input", { type: "checkbox", value: b.id });
    cb.checked = chosen.has(b.id);
    cb.addEventListener("change", () => {
      const ids = [...box.querySelectorAll("input:checked")].map((x) => x.value);
      state.books = ids.length === allBooks.length ? null : ids;
      saveHash();
      judge();
    });
    box.append(el("label", { title: `${b.title.zh || ""} ${b.title.en || ""} (${b.year}, ${b.status})` }, cb, " " + b.id));
  }
  const sel = $("draftbase");
  sel.textContent = "";
  for (const b of allBooks) sel.append(el("option", { value: b.id, text: `${b.id} — ${b.title.zh || b.title.en}` }));
  sel.value = allBooks.some((b) => b.id === "20") ? "20" : allBooks[0].id;
}

// ---- the draft

function skeleton(base) {
  return `# A draft: the book ${base} with your changes. Edit, and the errors
# of \`rules check\` appear below as you type.
title: {en: "draft over ${base}"}
year: ${new Date().getFullYear()}
status: draft
extends: "${base}"
summary: >-
  What this draft changes, and why.
# override:
#   - replace: 24.1-check
#     with:
#       id: 24.1-check
#       label: 将
#       when: Check
#       cite: draft 24.1
#       status: paraphrased
`;
}

function drawGutter(bad) {
  const g = $("gutter");
  g.textContent = "";
  const n = $("draft").value.split("\n").length;
  for (let i = 1; i <= n; i++) {
    g.append(el("span", { class: bad.has(i) ? "bad" : "", "data-line": i, text: String(i) }), "\n");
  }
  g.scrollTop = $("draft").scrollTop;
}

let checkTimer = null, checkSeq = 0;
function draftChanged() {
  state.draft = $("draft").value;
  saveHash();
  drawGutter(new Set());
  clearTimeout(checkTimer);
  checkTimer = setTimeout(checkDraft, 300);
}

async function checkDraft() {
  const seq = ++checkSeq;
  const box = $("drafterrors");
  if (!state.draft.trim()) {
    box.textContent = "";
    return;
  }
  let errs = [];
  try {
    const r = await api("/api/check", { draft: state.draft });
    if (seq !== checkSeq) return;
    box.textContent = "";
    box.append(el("span", { class: "ok", text: "✓ " + r.message }));
  } catch (e) {
    if (seq !== checkSeq) return;
    box.textContent = "";
    errs = e.errors || [e];
    const ul = el("ul", { id: "drafterrorlist" });
    for (const x of errs) {
      const li = el("li", { class: "err", "data-line": x.line || 0, "data-column": x.column || 0 },
        el("code", { text: x.line ? `${x.line}:${x.column || 1}` : "—" }), " ", x.message, x.rule ? el("span", { class: "rule", text: ` [${x.rule}]` }) : null, x.code ? el("span", { class: "rule", text: ` (${x.code})` }) : null);
      li.addEventListener("click", () => goToLine(x.line, x.column));
      ul.append(li);
    }
    box.append(ul);
  }
  drawGutter(new Set(errs.map((x) => x.line).filter(Boolean)));
  if (state.useDraft) judge();
}

function goToLine(line, col) {
  const ta = $("draft");
  const lines = ta.value.split("\n");
  let off = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) off += lines[i].length + 1;
  off += Math.max(0, (col || 1) - 1);
  ta.focus();
  ta.setSelectionRange(off, off);
}

async function runDiff() {
  const box = $("diff");
  box.textContent = "";
  box.append(el("p", { text: "Judging the casebook under the draft and its parent…" }));
  let rep;
  try {
    rep = await api("/api/diff", { draft: state.draft });
  } catch (e) {
    box.textContent = "";
    box.append(el("p", { class: "err", text: "Cannot diff: " + errorText(e) }));
    return;
  }
  box.textContent = "";
  box.append(el("p", { text: `${rep.compared} cases compared, ${rep.a} → ${rep.b}: ${rep.verdicts} verdicts change, ${rep.labels} change labels only.` }));
  if (!rep.diffs.length) return;
  const tb = el("tbody");
  for (const d of rep.diffs) {
    const tr = el("tr", {},
      el("td", { class: d.verdict_differs ? "x-changed" : "", title: d.verdict_differs ? "the verdict changes" : "only labels change" }, el("code", { text: d.id || `${d.file}:${d.line}` })),
      el("td", {}, verdictSpan(d.a.verdict), el("div", { class: "labels", text: (d.a.labels || []).join(" ") })),
      el("td", {}, verdictSpan(d.b.verdict), el("div", { class: "labels", text: (d.b.labels || []).join(" ") })),
      el("td", {}, d.moves.length ? el("button", { type: "button", text: "show", onclick: () => { state.fen = d.fen; state.moves = d.moves.slice(); refresh(); window.scrollTo(0, 0); } }) : null));
    tb.append(tr);
  }
  box.append(el("table", { class: "books", id: "difftable" }, el("thead", {}, el("tr", {}, el("th", { text: "case" }), el("th", { text: rep.a }), el("th", { text: rep.b }), el("th"))), tb));
}

// Explore against the parent: the answer streams JSON Lines (progress,
// then the report), shown as they come.
async function runExplore() {
  const box = $("explore");
  box.textContent = "";
  const status = el("p", { text: "Exploring cycles from the casebook's positions under the draft and its parent…" });
  box.append(status);
  const fail = (e) => { status.className = "err"; status.textContent = "Cannot explore: " + errorText(e); };
  let resp;
  try {
    resp = await fetch("/api/explore", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ draft: state.draft }) });
    if (!resp.ok) return fail((await resp.json()).error || { message: resp.statusText });
    const reader = resp.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, i).trim();
        buf = buf.slice(i + 1);
        if (line) showExplore(box, status, JSON.parse(line), fail);
      }
    }
  } catch (e) {
    fail(e);
  }
}

function showExplore(box, status, m, fail) {
  if (m.type === "progress") {
    status.textContent = m.phase === "minimise" ? `Minimising the examples: ${m.done} of ${m.groups} groups…`
      : `${m.judged} cycles judged, ${m.differ} where the books part, ${m.groups} groups…`;
    return;
  }
  if (m.type === "error") return fail(m.error);
  const rep = m.report;
  status.textContent = `${rep.a} → ${rep.b}: ${rep.judged} cycles judged from ${rep.starts} positions, ${rep.differ} where the books part, ${rep.groups.length} groups` +
    (rep.exhausted ? "." : " (the time ran out; more remain).");
  for (const g of rep.groups) {
    const x = g.minimal;
    box.append(el("div", { class: "xgroup" },
      el("p", { text: `${g.count}× ${g.key}` }),
      el("p", {}, `smallest: ${x.pieces} pieces — `, el("code", { text: x.fen }), " " + x.moves_cn.join(" ") + " ",
        el("button", { type: "button", text: "show", onclick: () => { state.fen = x.fen; state.moves = x.moves.slice(); refresh(); window.scrollTo(0, 0); } }))));
  }
}

// ---- games

async function readGame() {
  const f = $("gamefile").files[0];
  const body = f ? await f.arrayBuffer() : $("gametext").value;
  const info = $("gameinfo"), ol = $("cycles");
  info.textContent = "";
  ol.textContent = "";
  let g;
  try {
    g = await api("/api/game", body);
  } catch (e) {
    info.append(el("p", { class: "err", text: errorText(e) }));
    return;
  }
  info.append(el("p", { text: `${g.name || "game"}: ${g.moves.length} moves, ${g.cycles.length} repetition cycle(s)${g.games > 1 ? `; the first of ${g.games} games` : ""}. Choose one:` }));
  g.cycles.forEach((c, k) => {
    const li = el("li", { text: `at move ${c.ply}: ${c.moves.join(" ")} (position seen ${c.occurrences}×)` });
    li.addEventListener("click", () => {
      ol.querySelectorAll("li").forEach((x) => x.classList.remove("on"));
      li.classList.add("on");
      state.fen = g.fen;
      state.moves = g.moves.slice(0, c.ply);
      refresh();
    });
    ol.append(li);
  });
}

// ---- setting up a position

// The letter of each piece, and the square where the opening position has
// one (the tray is cut from the server's drawing of that position).
const TRAY = [["K", "e0"], ["A", "d0"], ["B", "c0"], ["N", "b0"], ["R", "a0"], ["C", "b2"], ["P", "a3"],
  ["k", "e9"], ["a", "d9"], ["b", "c9"], ["n", "b9"], ["r", "a9"], ["c", "b7"], ["p", "a6"]];
const FILES = "abcdefghi";
const edit = { on: false, grid: {}, side: "w", brush: null, valid: true, drag: null };

function parseBoard(fen) {
  const [board, side] = fen.trim().split(/\s+/);
  const grid = {};
  board.split("/").forEach((row, i) => {
    let f = 0;
    for (const ch of row) {
      if (ch >= "1" && ch <= "9") f += Number(ch);
      else grid[FILES[f++] + (9 - i)] = ch;
    }
  });
  return { grid, side: side === "b" ? "b" : "w" };
}

function composeFEN(grid, side) {
  const rows = [];
  for (let r = 9; r >= 0; r--) {
    let row = "", empty = 0;
    for (const f of FILES) {
      const ch = grid[f + r];
      if (!ch) { empty++; continue; }
      if (empty) { row += empty; empty = 0; }
      row += ch;
    }
    rows.push(row + (empty ? empty : ""));
  }
  return `${rows.join("/")} ${side} - - 0 1`;
}

function svgPoint(svg, ev) {
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

function squareAt(p) {
  let best = null, bd = 22 * 22;
  for (const s of pos.squares) {
    const d = (s.x - p.x) ** 2 + (s.y - p.y) ** 2;
    if (d < bd) { bd = d; best = s; }
  }
  return best;
}

// placeNode puts a piece's <g> (the server's drawing) on sq.
function placeNode(g, sq) {
  const s = pos.squares.find((x) => x.square === sq);
  g.removeAttribute("transform");
  g.dataset.square = sq;
  const c = g.querySelector("circle"), t = g.querySelector("text");
  c.setAttribute("cx", s.x); c.setAttribute("cy", s.y);
  t.setAttribute("x", s.x); t.setAttribute("y", s.y);
}

let tray = {}; // letter → the <g> of that piece in the opening position's drawing

async function startEdit() {
  edit.on = true;
  document.body.classList.add("editing");
  $("editor").hidden = false;
  const cur = parseBoard(pos ? pos.fen : state.fen);
  edit.grid = cur.grid;
  edit.side = cur.side;
  edit.brush = null;
  if (!Object.keys(tray).length) {
    const p = await api("/api/position", {});
    const box = document.createElement("div");
    box.innerHTML = p.svg;
    const trayBox = $("tray");
    for (const [letter, sq] of TRAY) {
      const g = box.querySelector(`.piece[data-square="${sq}"]`);
      tray[letter] = g;
      const c = g.querySelector("circle");
      const x = Number(c.getAttribute("cx")), y = Number(c.getAttribute("cy"));
      const svg = document.createElementNS(SVGNS, "svg");
      svg.setAttribute("class", "board");
      svg.setAttribute("viewBox", `${x - 20} ${y - 20} 40 40`);
      svg.setAttribute("width", 36);
      svg.setAttribute("height", 36);
      svg.dataset.letter = letter;
      svg.append(g.cloneNode(true));
      svg.addEventListener("click", () => pickBrush(letter));
      trayBox.append(svg);
    }
    const er = document.createElementNS(SVGNS, "svg");
    er.setAttribute("class", "board");
    er.setAttribute("viewBox", "0 0 40 40");
    er.setAttribute("width", 36);
    er.setAttribute("height", 36);
    er.dataset.letter = "x";
    const t = document.createElementNS(SVGNS, "text");
    t.setAttribute("class", "eraser");
    t.setAttribute("x", 20); t.setAttribute("y", 20);
    t.textContent = "✕";
    er.append(t);
    er.addEventListener("click", () => pickBrush("x"));
    trayBox.append(er);
  }
  renderEdit();
}

function pickBrush(letter) {
  edit.brush = edit.brush === letter ? null : letter;
  $("tray").querySelectorAll("svg").forEach((s) => s.classList.toggle("on", s.dataset.letter === edit.brush));
}

async function renderEdit() {
  const fen = composeFEN(edit.grid, edit.side);
  $("fen").value = fen;
  try {
    const p = await api("/api/position", { fen });
    edit.valid = true;
    pos = p;
    drawBoard(p.svg, false);
    setStatus(`a position ${p.side === "red" ? "红方 red" : "黑方 black"} to move — press done to play from it`, false);
  } catch (e) {
    edit.valid = false; // the drawing stays, moved by hand; the error says what is missing
    setStatus("not a position yet: " + errorText(e), true);
  }
  const svg = $("board").querySelector("svg");
  if (svg && !svg.dataset.editing) {
    svg.dataset.editing = "1";
    svg.addEventListener("pointerdown", editDown);
    svg.addEventListener("pointermove", editMove);
    svg.addEventListener("pointerup", editUp);
  }
}

function editDown(ev) {
  const g = ev.target.closest(".piece");
  const svg = ev.currentTarget;
  if (!g || edit.brush) return;
  ev.preventDefault();
  svg.setPointerCapture(ev.pointerId);
  edit.drag = { g, from: g.dataset.square, start: svgPoint(svg, ev), moved: false };
}

function editMove(ev) {
  const d = edit.drag;
  if (!d) return;
  const p = svgPoint(ev.currentTarget, ev);
  const dx = p.x - d.start.x, dy = p.y - d.start.y;
  if (Math.abs(dx) + Math.abs(dy) > 3) d.moved = true;
  d.g.setAttribute("transform", `translate(${dx} ${dy})`);
}

function editUp(ev) {
  const svg = ev.currentTarget;
  const d = edit.drag;
  edit.drag = null;
  const target = squareAt(svgPoint(svg, ev));
  if (!d) { // a click: place the brush's piece, or clear the point
    if (!edit.brush || !target) return;
    const old = svg.querySelector(`.piece[data-square="${target.square}"]`);
    if (old) old.remove();
    if (edit.brush === "x") {
      delete edit.grid[target.square];
    } else {
      edit.grid[target.square] = edit.brush;
      const g = tray[edit.brush].cloneNode(true);
      placeNode(g, target.square);
      svg.append(g);
    }
    renderEdit();
    return;
  }
  if (!d.moved) { d.g.removeAttribute("transform"); return; }
  const letter = edit.grid[d.from];
  delete edit.grid[d.from];
  if (target) {
    const old = svg.querySelector(`.piece[data-square="${target.square}"]`);
    if (old && old !== d.g) old.remove();
    edit.grid[target.square] = letter;
    placeNode(d.g, target.square);
  } else {
    d.g.remove(); // off the board: taken away
  }
  renderEdit();
}

function endEdit() {
  if (!edit.valid) {
    setStatus("the position is not complete yet: " + $("status").textContent, true);
    return;
  }
  edit.on = false;
  document.body.classList.remove("editing");
  $("editor").hidden = true;
  state.fen = composeFEN(edit.grid, edit.side);
  state.moves = [];
  refresh();
}

// ---- wiring

async function init() {
  loadHash();
  $("setfen").addEventListener("click", () => { state.fen = $("fen").value.trim() || START; state.moves = []; refresh(); });
  $("fen").addEventListener("keydown", (e) => { if (e.key === "Enter") $("setfen").click(); });
  $("play").addEventListener("click", async () => {
    const texts = $("movein").value.split(/[\s,，、;]+/).filter(Boolean);
    if (!texts.length) return;
    try {
      await api("/api/position", { fen: state.fen, moves: playable().concat(texts) });
    } catch (e) {
      if (e.move) e.move -= playable().length; // count the typed moves from 1
      setStatus(errorText(e), true);
      return;
    }
    $("movein").value = "";
    playMoves(texts);
  });
  $("movein").addEventListener("keydown", (e) => { if (e.key === "Enter") $("play").click(); });
  $("undo").addEventListener("click", () => { // a bad tail goes first, at once
    if (bad && bad.move) dropBad(); else state.moves.pop();
    refresh();
  });
  $("reset").addEventListener("click", () => { state.moves = []; refresh(); });
  $("flipside").addEventListener("click", () => {
    if (edit.on) {
      edit.side = edit.side === "b" ? "w" : "b";
      renderEdit();
      return;
    }
    const f = state.fen.split(" ");
    f[1] = f[1] === "b" ? "w" : "b";
    state.fen = f.join(" ");
    state.moves = [];
    refresh();
  });
  $("readgame").addEventListener("click", readGame);
  $("edit").addEventListener("click", () => (edit.on ? endEdit() : startEdit()));
  $("editdone").addEventListener("click", endEdit);
  $("kingsonly").addEventListener("click", () => { edit.grid = { e0: "K", d9: "k" }; renderEdit(); });
  $("startpos").addEventListener("click", () => { edit.grid = parseBoard(START).grid; edit.side = "w"; renderEdit(); });
  $("draft").addEventListener("input", draftChanged);
  $("draft").addEventListener("scroll", () => { $("gutter").scrollTop = $("draft").scrollTop; });
  $("newdraft").addEventListener("click", () => { $("draft").value = skeleton($("draftbase").value); draftChanged(); });
  $("usedraft").addEventListener("change", () => { state.useDraft = $("usedraft").checked; saveHash(); judge(); });
  $("rundiff").addEventListener("click", runDiff);
  $("runexplore").addEventListener("click", runExplore);
  $("share").addEventListener("click", (e) => { e.preventDefault(); saveHash(); navigator.clipboard && navigator.clipboard.writeText(location.href); setStatus("The link to this view is in the address bar (and copied).", false); });
  window.addEventListener("hashchange", () => { loadHash(); $("draft").value = state.draft; drawBooks(); refresh(); });
  try {
    allBooks = await api("/api/books");
  } catch (e) {
    setStatus("Cannot list the books: " + errorText(e), true);
  }
  drawBooks();
  $("draft").value = state.draft;
  $("usedraft").checked = state.useDraft;
  drawGutter(new Set());
  if (state.draft) checkDraft();
  await refresh();
  document.body.dataset.ready = "1";
}

init();
