// app.js drives crown's board page: it opens a session, draws the board as
// SVG from the server's state, turns clicks and drags into moves (a
// multi-jump square by square, only along legal paths), asks crown to move
// or analyse, and shows what streams back as Server-Sent Events (search
// lines, PV arrows, the evaluation bar and graph). Plain JavaScript, no
// build step; everything lives in one closure, nothing global but `crown`
// (the state, read by the browser tests). Russian and Brazilian draughts
// (the variant menu) draw the board with White at the bottom and algebraic
// coordinates, and a flying king's capture may skip the squares it passes
// straight on.
"use strict";
(() => {
  const NS = "http://www.w3.org/2000/svg";
  const SQ = 100; // board units per square
  const $ = (id) => document.getElementById(id);

  const app = {
    id: "", state: null, flipped: true, sel: null, drag: null,
    info: null, graph: [], setup: null, analyseAt: 0, firstInfoMs: null, setupPiece: "b", events: null, lastGo: -1,
  };
  window.crown = app;

  // ---- geometry: square n (1-32) to row and column; row 0 holds 1-4 ----
  function rc(n) {
    const r = Math.floor((n - 1) / 4);
    const c = 2 * ((n - 1) % 4) + (r % 2 === 0 ? 1 : 0);
    return app.flipped ? [7 - r, 7 - c] : [r, c];
  }
  function center(n) { const [r, c] = rc(n); return [c * SQ + SQ / 2, r * SQ + SQ / 2]; }
  // the unflipped row and column of square n (row 0 is rank 8, column 0 file a)
  function geo(n) { const r = Math.floor((n - 1) / 4); return [r, 2 * ((n - 1) % 4) + (r % 2 === 0 ? 1 : 0)]; }
  function flying() { return !!app.state && !!app.state.variant && app.state.variant !== "english"; }
  function squareAt(x, y) {
    let c = Math.floor(x / SQ), r = Math.floor(y / SQ);
    if (r < 0 || r > 7 || c < 0 || c > 7) return 0;
    if (app.flipped) { r = 7 - r; c = 7 - c; }
    if ((r + c) % 2 === 0) return 0;
    return r * 4 + Math.floor(c / 2) + 1;
  }

  // ---- server calls ----
  async function api(path, body) {
    const opts = body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    };
    const sep = path.includes("?") ? "&" : "?";
    const res = await fetch(path + sep + "s=" + app.id, opts);
    const ct = res.headers.get("Content-Type") || "";
    const data = ct.includes("json") ? await res.json() : await res.text();
    if (!res.ok) throw new Error((data && data.error) || res.statusText);
    return data;
  }
  async function command(path, body) {
    try {
      const st = await api(path, body || {});
      message("");
      setState(st);
      return st;
    } catch (e) { message(e.message); return null; }
  }
  function message(t) { $("msg").textContent = t; }

  function settings(evalID, levelID) {
    const lv = $(levelID || "sel-level").value;
    const s = { evaluator: $(evalID || "sel-eval").value };
    if (!evalID) s.skill = +$("sel-skill").value; // the play panel's strength
    if (lv[0] === "d") s.depth = +lv.slice(1);
    else if (lv[0] === "t") s.movetime_ms = +lv.slice(1);
    // a game clock ("c300+3"): crown plays on its clock, set by setClock
    return s;
  }

  // ---- state ----
  function setState(st) {
    if (app.state && st.seq <= app.state.seq) return; // an older snapshot overtaken by a newer one
    app.clockAt = performance.now();
    app.startSide = st.start_side;
    const moved = !app.state || st.gen !== app.state.gen;
    const prevVariant = app.state ? app.state.variant : "english";
    app.state = st;
    if (st.variant !== prevVariant) variantChanged(st.variant);
    if (moved) { app.sel = null; app.info = null; }
    render();
    maybeCrownMoves();
  }

  // variantChanged follows the game's variant (a new game, a loaded PDN, a
  // match): the menu shows it, the evaluator menu takes its default (the
  // English network does not know the variants), the English ballots are
  // offered in English checkers only, and White, the variants' first mover,
  // goes to the bottom unless crown plays one side.
  function variantChanged(v) {
    $("sel-variant").value = v;
    const def = app.variantEval && app.variantEval[v];
    if (def) {
      if (![...$("sel-eval").options].some((o) => o.value === def)) $("sel-eval").add(new Option(def, def)); // the variant's own network
      $("sel-eval").value = def;
    }
    const english = v === "english";
    for (const o of $("sel-from").options) if (o.value === "ballot" || o.value === "eleven") o.disabled = !english;
    if (!english && ($("sel-from").value === "ballot" || $("sel-from").value === "eleven")) { $("sel-from").value = "start"; $("sel-from").onchange(); }
    if (crownSides().length !== 1) app.flipped = english;
  }

  function crownSides() { const v = $("sel-crown").value; return v === "none" ? "" : v; }
  function humanMay(side) { return !crownSides().includes(side); }

  function maybeCrownMoves() {
    const st = app.state;
    if (!st || st.over || st.job || app.setup) return;
    if (st.cur !== st.moves.length && crownSides() !== "BW") return; // stepping through a game
    if (crownSides().includes(st.side)) {
      if (app.lastGo === st.gen) return;
      app.lastGo = st.gen;
      command("/api/go", settings());
    }
  }

  // ---- drawing ----
  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function drawPiece(g, n, p, cls) {
    const [x, y] = center(n);
    const black = p === "b" || p === "B";
    const grp = el("g", { class: "piece " + (cls || ""), "data-piece": p, "data-at": n }, g);
    el("circle", { cx: x + 3, cy: y + 5, r: 39, fill: "rgba(0,0,0,.35)" }, grp);
    el("circle", { cx: x, cy: y, r: 39, fill: black ? "#1c1c1c" : "#f6f1e4", stroke: black ? "#4a4a4a" : "#a89f8c", "stroke-width": 3 }, grp);
    el("circle", { cx: x, cy: y, r: 28, fill: "none", stroke: black ? "#3d3d3d" : "#d3cab6", "stroke-width": 4 }, grp);
    if (p === "B" || p === "W") { // a gold crown
      const s = 1.0;
      const d = `M${x - 22 * s},${y + 12 * s} L${x - 25 * s},${y - 14 * s} L${x - 11 * s},${y - 1 * s} L${x},${y - 20 * s} L${x + 11 * s},${y - 1 * s} L${x + 25 * s},${y - 14 * s} L${x + 22 * s},${y + 12 * s} Z`;
      el("path", { d, fill: "#e2b33c", stroke: black ? "#f3d98a" : "#8a6a10", "stroke-width": 2.5, "stroke-linejoin": "round" }, grp);
    }
    return grp;
  }

  function render() {
    const st = app.state;
    const svg = $("board");
    svg.textContent = "";
    const pieces = app.setup ? app.setup.pieces : st.pieces;
    // squares
    for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) {
      const dark = (r + c) % 2 === 1;
      const n = dark ? squareAt(c * SQ + 1, r * SQ + 1) : 0;
      const a = { x: c * SQ, y: r * SQ, width: SQ, height: SQ, class: dark ? "dark" : "light" };
      if (n) a["data-sq"] = n;
      el("rect", a, svg);
      if (n && !flying()) { const t = el("text", { x: c * SQ + 6, y: r * SQ + 21, class: "num" }, svg); t.textContent = n; }
    }
    if (flying()) drawCoords(svg);
    const hl = (n, cls) => { const [r, c] = rc(n); el("rect", { x: c * SQ, y: r * SQ, width: SQ, height: SQ, class: cls }, svg); };
    if (!app.setup && st.last) {
      for (const n of st.last.path) hl(n, "hl-last");
      for (const n of st.last.captured) { // where the last move took pieces: a small red cross
        const [x, y] = center(n);
        el("path", { d: `M${x - 14},${y - 14} L${x + 14},${y + 14} M${x + 14},${y - 14} L${x - 14},${y + 14}`, class: "taken", "data-captured": n }, svg);
      }
    }
    if (app.sel) hl(app.sel.path[app.sel.path.length - 1], "hl-sel");
    // pieces
    const ghost = new Set(app.sel ? capturedSoFar() : []);
    const from = app.sel && app.sel.path.length > 1 ? app.sel.path[0] : 0;
    for (let n = 1; n <= 32; n++) {
      const p = pieces[n - 1];
      if (!p || n === from) continue;
      if (app.drag && app.drag.moved && n === app.drag.from) continue;
      drawPiece(svg, n, p, ghost.has(n) ? "ghost" : "");
    }
    if (from) drawPiece(svg, app.sel.path[app.sel.path.length - 1], pieces[from - 1], "moving");
    // legal targets
    if (app.sel) for (const t of targets()) { const [x, y] = center(t); el("circle", { cx: x, cy: y, r: 16, class: "target", "data-target": t }, svg); }
    // PV arrows
    if (!app.setup && app.info && app.info.gen === st.gen && app.info.job === "analyse" && app.info.pv_paths.length) drawArrows(svg, app.info.pv_paths);
    if (app.drag && app.drag.moved) {
      const g = drawPiece(svg, app.drag.from, pieces[app.drag.from - 1], "dragging");
      const [x, y] = center(app.drag.from);
      g.setAttribute("transform", `translate(${app.drag.x - x},${app.drag.y - y})`);
    }
    renderPanels();
  }

  // drawCoords writes files a-h along the bottom and ranks 1-8 up the
  // left side, inside the edge squares, as the board is turned.
  function drawCoords(svg) {
    for (let i = 0; i < 8; i++) {
      const file = String.fromCharCode(97 + (app.flipped ? 7 - i : i));
      const rank = app.flipped ? i + 1 : 8 - i;
      const f = el("text", { x: i * SQ + SQ - 6, y: 8 * SQ - 7, "text-anchor": "end", class: "coord " + ((7 + i) % 2 ? "on-dark" : "on-light"), "data-file": file }, svg);
      f.textContent = file;
      const k = el("text", { x: 6, y: i * SQ + 22, class: "coord " + (i % 2 ? "on-dark" : "on-light"), "data-rank": rank }, svg);
      k.textContent = rank;
    }
  }

  function drawArrows(svg, paths) {
    const colours = ["#1f6fd1", "#d1421f", "#1f6fd1"];
    const defs = el("defs", {}, svg);
    colours.forEach((col, i) => {
      const m = el("marker", { id: "ah" + i, viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 3.2, markerHeight: 3.2, orient: "auto-start-reverse" }, defs);
      el("path", { d: "M0,0 L10,5 L0,10 z", fill: col }, m);
    });
    paths.slice(0, 3).forEach((path, i) => {
      const pts = path.map(center);
      // stop short of the last centre so the head sits inside the square
      const [ax, ay] = pts[pts.length - 2], [bx, by] = pts[pts.length - 1];
      const len = Math.hypot(bx - ax, by - ay) || 1;
      pts[pts.length - 1] = [bx - (bx - ax) * 18 / len, by - (by - ay) * 18 / len];
      el("polyline", {
        points: pts.map((p) => p.join(",")).join(" "), class: "arrow", "data-arrow": i,
        stroke: colours[i], "stroke-width": i === 0 ? 14 : 9, opacity: i === 0 ? 0.85 : 0.6, "marker-end": `url(#ah${i})`,
      }, svg);
    });
  }

  function fmtNodes(n) { return n >= 1e6 ? (n / 1e6).toFixed(1) + " M" : n >= 1e3 ? (n / 1e3).toFixed(0) + " k" : String(n); }

  function renderPanels() {
    const st = app.state;
    const side = st.side === "B" ? "Black" : "White";
    let status = st.over ? `${st.result} — ${st.status}` : `${side} to move`;
    if (st.job === "think") status += " · crown is thinking";
    if (st.job === "match" && app.match) status += ` · match game ${app.match.game}`;
    if (app.setup) status = "setting up a position";
    $("status").textContent = status;
    $("btn-undo").disabled = st.cur === 0;
    $("btn-first").disabled = st.cur === 0;
    $("btn-redo").disabled = st.cur === st.moves.length;
    $("btn-last").disabled = st.cur === st.moves.length;
    $("btn-analyse").setAttribute("aria-pressed", st.job === "analyse" ? "true" : "false");
    $("btn-match").setAttribute("aria-pressed", st.job === "match" ? "true" : "false");
    $("btn-match").textContent = st.job === "match" ? "stop" : "start";
    $("btn-setup").setAttribute("aria-pressed", app.setup ? "true" : "false");
    $("setup-tools").hidden = !app.setup;
    // which game of a PDN text
    $("pdn-games").hidden = !(st.pdn_games > 1);
    if (st.pdn_games > 1) {
      const tag = (name) => (st.tags || []).find((t) => t[0] === name);
      const who = tag("Black") && tag("White") ? `: ${tag("Black")[1]} – ${tag("White")[1]}` : "";
      $("pdn-game").textContent = `game ${st.pdn_game} of ${st.pdn_games}${who}`;
      $("btn-pdn-prev").disabled = st.pdn_game <= 1;
      $("btn-pdn-next").disabled = st.pdn_game >= st.pdn_games;
    }
    // moves
    const ol = $("moves");
    ol.textContent = "";
    let li = null;
    // Moves are numbered in pairs from the start position's side: a game
    // from a FEN with White to move starts "1. ... 22-18".
    // (Russian and Brazilian games start with White: "1. c3-d4".)
    const whiteFirst = st.fen && app.startSide !== (flying() ? "W" : "B");
    st.moves.forEach((m, i) => {
      const k = whiteFirst ? i + 1 : i;
      if (k % 2 === 0 || !li) {
        li = document.createElement("li");
        const no = document.createElement("b");
        no.textContent = `${Math.floor(k / 2) + 1}.` + (k % 2 ? " …" : "");
        li.appendChild(no);
        ol.appendChild(li);
      }
      const s = document.createElement("span");
      s.textContent = m;
      s.dataset.ply = i + 1;
      if (i + 1 === st.cur) s.className = "cur";
      else if (i + 1 > st.cur) s.className = "ahead";
      li.appendChild(s);
    });
    const cur = ol.querySelector(".cur");
    if (cur) { // keep the current move in view inside the list, not the page
      const top = cur.offsetTop - ol.offsetTop;
      if (top < ol.scrollTop || top > ol.scrollTop + ol.clientHeight - cur.offsetHeight) ol.scrollTop = top - ol.clientHeight / 2;
    }
    // engine
    let inf = app.info && app.info.gen === st.gen ? app.info : null;
    if (!inf && app.lastThink && app.lastThink.gen === st.gen - 1 && !st.job) inf = app.lastThink; // crown's last move, as it saw it
    $("score").textContent = !inf ? "–" : inf.source === "book" ? "book move" : inf.score.text;
    $("depth").textContent = !inf ? "" : inf.source === "egdb" ? "endgame database" : inf.source ? "" : "depth " + inf.depth;
    $("nodes").textContent = inf && !inf.source ? `${fmtNodes(inf.nodes)} nodes · ${fmtNodes(inf.nps)}/s` : "";
    const pv = $("pv");
    pv.textContent = "";
    if (inf) inf.pv.forEach((m, i) => { // one span a move, so a line never breaks inside 23-18
      const sp = document.createElement("span");
      sp.textContent = m;
      pv.append(i ? " " : "", sp);
    });
    setBar(inf ? inf.score : null);
    $("egdb").textContent = st.egdb && !app.setup ? `endgame database: ${side} ${st.egdb === "win" ? "wins" : st.egdb === "loss" ? "loses" : "draws"}` : "";
    const bk = $("book");
    bk.textContent = "";
    if (st.book.length && !app.setup) {
      bk.append("book: ");
      for (const b of st.book) {
        const s = document.createElement("span");
        s.textContent = b.move + (b.name ? ` (${b.name})` : "");
        bk.appendChild(s);
      }
    }
    drawGraph();
    renderClocks();
  }

  function renderMatch() {
    const m = app.match;
    if (!m) return;
    const score = (w, d) => w + d / 2;
    $("match-score").textContent = `${m.a} ${score(m.wins, m.draws)} – ${score(m.losses, m.draws)} ${m.b}` +
      ` (+${m.wins} =${m.draws} -${m.losses}); game ${m.game} of ${m.games}, a plays ${m.a_black ? "Black" : "White"}`;
    const ol = $("match-results");
    ol.textContent = "";
    for (const r of m.results) { const li = document.createElement("li"); li.textContent = r; ol.appendChild(li); }
  }

  // ---- clocks ----
  function clockLevel() {
    const m = /^c(\d+)\+(\d+)$/.exec($("sel-level").value);
    return m ? { base_ms: +m[1] * 1000, inc_ms: +m[2] * 1000 } : null;
  }
  async function setClock() { await command("/api/clock", clockLevel() || { base_ms: 0 }); }
  function fmtClock(ms) {
    const t = Math.max(0, Math.ceil(ms / 100) / 10);
    const m = Math.floor(t / 60), s = t - m * 60;
    return t < 20 ? `${m}:${s.toFixed(1).padStart(4, "0")}` : `${m}:${String(Math.floor(s)).padStart(2, "0")}`;
  }
  function renderClocks() {
    const c = app.state && app.state.clock;
    $("clocks").hidden = !c;
    if (!c) return;
    const spent = performance.now() - app.clockAt;
    for (const side of ["B", "W"]) {
      let ms = side === "B" ? c.black_ms : c.white_ms;
      if (c.running === side) ms -= spent;
      const e = $("clock-" + side);
      e.textContent = `${side === "B" ? "Black" : "White"} ${fmtClock(ms)}`;
      e.classList.toggle("running", c.running === side);
      e.classList.toggle("flag", ms <= 0);
    }
    // the side to move has run out: ask the server, which ends the game
    if (c.running && (c.running === "B" ? c.black_ms : c.white_ms) - spent < -150 && !app.flagAsked) {
      app.flagAsked = true;
      api("/api/state").then(setState).catch(() => {}).finally(() => { app.flagAsked = false; });
    }
  }

  function setBar(score) {
    const v = score ? Math.max(-5, Math.min(5, score.black)) : 0;
    const blackShare = 0.5 + v / 10; // Black's part of the bar
    $("evalfill").style.height = (blackShare * 100).toFixed(1) + "%";
    $("evalbar").classList.toggle("flipped", app.flipped);
    $("evaltext").textContent = score ? score.text : "";
  }

  function drawGraph() {
    const g = $("graph");
    const pts = app.graph;
    g.style.display = pts.length ? "" : "none";
    if (!pts.length) return;
    g.textContent = "";
    const n = Math.max(1, app.state.moves.length);
    const X = (i) => (i / n) * 400, Y = (v) => 50 - Math.max(-5, Math.min(5, v)) * 9;
    el("line", { x1: 0, y1: 50, x2: 400, y2: 50, stroke: "#999", "stroke-width": 1 }, g);
    const known = pts.map((p, i) => p ? [X(i), Y(p.black)] : null).filter(Boolean);
    if (known.length) {
      el("polyline", { points: known.map((p) => p.join(",")).join(" "), fill: "none", stroke: "#1c1c1c", "stroke-width": 2, "vector-effect": "non-scaling-stroke" }, g);
    }
    el("line", { x1: X(app.state.cur), y1: 0, x2: X(app.state.cur), y2: 100, stroke: "#d1421f", "stroke-width": 2, "vector-effect": "non-scaling-stroke" }, g);
  }

  // ---- moving ----
  function candidates(prefix) {
    return app.state.legal.filter((m) => prefix.every((s, i) => m.path[i] === s));
  }
  // sameRun: b lies on the way from a to c along one diagonal.
  function sameRun(a, b, c) {
    const [ra, ca] = geo(a), [rb, cb] = geo(b), [rc2, cc] = geo(c);
    return Math.sign(rb - ra) === Math.sign(rc2 - rb) && Math.sign(cb - ca) === Math.sign(cc - cb);
  }
  // reach lists the indexes of m's path one click can go to from a prefix
  // of length len: the next landing square and, in the flying variants,
  // the squares after it while the piece goes straight on (a king taking
  // two men in a row may be clicked straight to the end of its run).
  function reach(m, len) {
    const out = [];
    for (let k = len; k < m.path.length; k++) {
      out.push(k);
      if (!flying() || k + 1 >= m.path.length || !sameRun(m.path[k - 1], m.path[k], m.path[k + 1])) break;
    }
    return out;
  }
  function targets() {
    const p = app.sel.path;
    const t = new Set();
    for (const m of candidates(p)) for (const k of reach(m, p.length)) t.add(m.path[k]);
    return [...t];
  }
  function capturedSoFar() {
    const p = app.sel.path;
    const m = candidates(p)[0];
    return m && m.captured.length ? m.captured.slice(0, p.length - 1) : [];
  }

  function extend(sq) {
    let prefix = app.sel.path.concat(sq), best = Infinity;
    for (const m of candidates(app.sel.path)) {
      for (const k of reach(m, app.sel.path.length)) if (m.path[k] === sq && k < best) { best = k; prefix = m.path.slice(0, k + 1); }
    }
    const done = candidates(prefix).find((m) => m.path.length === prefix.length);
    if (done) {
      app.sel = null;
      const text = done.captured.length ? done.path.join("x") : done.path.join("-");
      command("/api/move", { move: text });
      return;
    }
    app.sel.path = prefix;
    render();
  }

  function canMoveNow() {
    const st = app.state;
    return st && !st.over && st.job !== "think" && humanMay(st.side);
  }

  function down(sq, x, y) {
    if (app.setup) { place(sq); return; }
    if (!canMoveNow() || !sq) { app.sel = null; render(); return; }
    if (app.sel && targets().includes(sq)) { extend(sq); return; }
    if (app.sel && app.sel.path.length > 1) { message("finish the capture: jump on"); return; }
    const p = app.state.pieces[sq - 1];
    const mine = p && (p.toUpperCase() === "B") === (app.state.side === "B");
    if (mine && candidates([sq]).length) {
      app.sel = { path: [sq] };
      app.drag = { from: sq, x, y, moved: false };
      message("");
    } else {
      if (mine && app.state.legal.length && app.state.legal[0].captured.length) message("a capture is forced: " + app.state.legal.map((m) => m.text).join(", "));
      app.sel = null;
    }
    render();
  }

  function up(sq) {
    const d = app.drag;
    app.drag = null;
    if (d && d.moved && app.sel && sq !== d.from && targets().includes(sq)) { extend(sq); return; }
    if (d && d.moved) render();
  }

  function boardXY(ev) {
    const svg = $("board");
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    return [p.x, p.y];
  }

  // ---- set-up ----
  function place(sq) {
    if (!sq) return;
    const cur = app.setup.pieces[sq - 1];
    let p = app.setupPiece;
    if (cur === p) p = "";
    if ((p === "b" && sq >= 29) || (p === "w" && sq <= 4)) p = p.toUpperCase(); // a man on its far row is a king
    app.setup.pieces[sq - 1] = p;
    render();
  }
  function setupFEN() {
    const w = [], b = [];
    app.setup.pieces.forEach((p, i) => {
      if (p === "w" || p === "W") w.push((p === "W" ? "K" : "") + (i + 1));
      if (p === "b" || p === "B") b.push((p === "B" ? "K" : "") + (i + 1));
    });
    return `${$("sel-setup-side").value}:W${w.join(",")}:B${b.join(",")}`;
  }

  // ---- events from the server ----
  function connect() {
    if (app.events) app.events.close();
    const es = new EventSource("/api/events?s=" + app.id);
    app.events = es;
    es.addEventListener("state", (e) => setState(JSON.parse(e.data)));
    // A stream that closed stopped crown's search on the server: after a
    // reconnection crown may be asked to move again.
    es.addEventListener("open", () => { app.lastGo = -1; });
    es.addEventListener("info", (e) => {
      const inf = JSON.parse(e.data);
      if (!app.state || inf.gen !== app.state.gen) return;
      app.info = inf;
      if (inf.job === "think") app.lastThink = inf;
      if (inf.job === "analyse" && app.analyseAt && app.firstInfoMs === null) app.firstInfoMs = performance.now() - app.analyseAt;
      render();
    });
    es.addEventListener("match", (e) => { app.match = JSON.parse(e.data); renderMatch(); });
    es.addEventListener("graph", (e) => {
      const pt = JSON.parse(e.data);
      app.graph[pt.ply] = pt.score;
      drawGraph();
    });
    es.addEventListener("error", (e) => { if (e.data) message(JSON.parse(e.data).error); });
    // The server ended this page's stream (it closed the page to make room
    // for a newer one, or a newer stream replaced this one): reconnecting
    // would not help, the message says what to do.
    es.addEventListener("closed", (e) => { es.close(); message(JSON.parse(e.data).error); });
  }

  // ---- controls ----
  function bind() {
    const svg = $("board");
    svg.addEventListener("pointerdown", (ev) => {
      const [x, y] = boardXY(ev);
      svg.setPointerCapture(ev.pointerId);
      down(squareAt(x, y), x, y);
    });
    svg.addEventListener("pointermove", (ev) => {
      if (!app.drag) return;
      const [x, y] = boardXY(ev);
      if (!app.drag.moved && Math.hypot(x - app.drag.x, y - app.drag.y) < 12) return;
      app.drag.moved = true; app.drag.x = x; app.drag.y = y;
      render();
    });
    svg.addEventListener("pointerup", (ev) => { const [x, y] = boardXY(ev); up(squareAt(x, y)); });
    $("btn-flip").onclick = () => { app.flipped = !app.flipped; render(); };
    $("btn-undo").onclick = () => undo();
    $("btn-redo").onclick = () => command("/api/redo");
    $("btn-first").onclick = () => command("/api/goto", { ply: 0 });
    $("btn-last").onclick = () => command("/api/goto", { ply: app.state.moves.length });
    $("btn-pdn-prev").onclick = () => pdnGame(-1);
    $("btn-pdn-next").onclick = () => pdnGame(+1);
    $("moves").onclick = (ev) => { const p = ev.target.dataset.ply; if (p) command("/api/goto", { ply: +p }); };
    $("graph").onclick = (ev) => {
      const r = $("graph").getBoundingClientRect();
      const ply = Math.round(((ev.clientX - r.left) / r.width) * app.state.moves.length);
      command("/api/goto", { ply });
    };
    $("btn-go").onclick = () => command("/api/go", settings());
    $("btn-stop").onclick = () => command("/api/stop");
    $("btn-analyse").onclick = () => {
      if (app.state.job === "analyse") { command("/api/stop"); return; }
      app.analyseAt = performance.now(); app.firstInfoMs = null;
      command("/api/analyse", settings());
    };
    $("btn-graph").onclick = () => { app.graph = []; command("/api/graph", { evaluator: $("sel-eval").value }); };
    $("btn-resign").onclick = () => command("/api/resign", { side: humanSide() });
    $("btn-draw").onclick = async () => {
      const st = await command("/api/draw", { side: humanSide() });
      if (st && !st.over) message("crown declines the draw");
    };
    $("sel-from").onchange = () => {
      $("sel-ballot").hidden = $("sel-from").value !== "ballot";
      $("in-eleven").hidden = $("sel-from").value !== "eleven";
    };
    $("btn-new").onclick = () => newGame();
    // A variant picked from the menu starts a new game of it; crown takes
    // the second mover (Black in the variants), as it takes White in
    // English checkers, when it plays one side.
    $("sel-variant").onchange = () => {
      const v = $("sel-variant").value;
      if (v !== "english" && $("sel-from").value !== "fen") $("sel-from").value = "start";
      $("sel-from").onchange();
      newGame(crownSides().length === 1 ? (v === "english" ? "W" : "B") : "");
    };
    $("btn-match").onclick = () => {
      if (app.state.job === "match") { command("/api/stop"); return; }
      $("sel-crown").value = "none";
      app.graph = [];
      const b = settings("sel-match-b-eval", "sel-match-b-level");
      let bPlayer = 0;
      if (b.evaluator.startsWith("player:")) { bPlayer = +b.evaluator.slice(7); b.evaluator = ""; }
      command("/api/match", {
        a: settings("sel-match-a-eval", "sel-match-a-level"), b, b_player: bPlayer,
        games: +$("in-match-games").value, openings: $("sel-match-openings").value,
      });
    };
    $("btn-match-pdn").onclick = async () => {
      try { $("text").value = await api("/api/match?format=pdn"); app.pdnText = $("text").value; } catch (e) { message(e.message); }
    };
    $("sel-crown").onchange = () => { orient(); render(); maybeCrownMoves(); };
    $("sel-level").onchange = () => { if (clockLevel() || (app.state && app.state.clock)) setClock(); };
    setInterval(renderClocks, 200);
    $("btn-getfen").onclick = () => { $("text").value = app.state.fen; };
    $("btn-getpdn").onclick = async () => { try { $("text").value = await api("/api/pdn"); } catch (e) { message(e.message); } };
    $("btn-copy").onclick = () => { $("text").select(); navigator.clipboard && navigator.clipboard.writeText($("text").value).catch(() => {}); };
    $("btn-loadtext").onclick = () => loadText($("text").value);
    $("in-file").onchange = async () => {
      const f = $("in-file").files[0];
      if (f) { const t = await f.text(); $("text").value = t; loadText(t); }
    };
    $("btn-save").onclick = async () => {
      try {
        const t = await api("/api/pdn");
        const a = document.createElement("a");
        a.href = URL.createObjectURL(new Blob([t], { type: "text/plain" }));
        a.download = "crown-game.pdn";
        a.click();
      } catch (e) { message(e.message); }
    };
    $("btn-setup").onclick = () => {
      if (app.setup) { app.setup = null; render(); return; }
      command("/api/stop");
      app.setup = { pieces: app.state.pieces.slice() };
      $("sel-setup-side").value = app.state.side;
      app.sel = null;
      render();
    };
    $("palette").onclick = (ev) => {
      const b = ev.target.closest("button");
      if (!b) return;
      app.setupPiece = b.dataset.piece;
      for (const x of $("palette").children) x.classList.toggle("sel", x === b);
    };
    $("btn-setup-clear").onclick = () => { app.setup.pieces = Array(32).fill(""); render(); };
    $("btn-setup-start").onclick = () => {
      app.setup.pieces = Array.from({ length: 32 }, (_, i) => (i < 12 ? "b" : i >= 20 ? "w" : ""));
      $("sel-setup-side").value = flying() ? "W" : "B";
      render();
    };
    $("btn-setup-done").onclick = async () => {
      const fen = setupFEN();
      const sides = $("sel-crown").value;
      $("sel-crown").value = "none"; // a set-up position starts with nobody playing
      const st = await command("/api/new", { from: "fen", fen, variant: app.state.variant });
      if (st) { app.setup = null; $("text").value = fen; app.graph = []; render(); } else $("sel-crown").value = sides;
    };
    // Leaving the page closes its stream, which stops its search on the
    // server; a page restored from the back-forward cache reconnects.
    window.addEventListener("pagehide", () => { if (app.events) app.events.close(); });
    window.addEventListener("pageshow", (ev) => { if (ev.persisted && app.id) connect(); });
    document.addEventListener("keydown", (ev) => {
      if (ev.target.matches("input, textarea, select")) return;
      if (ev.key === "ArrowLeft") undo();
      if (ev.key === "ArrowRight") command("/api/redo");
    });
  }

  function humanSide() {
    const c = crownSides();
    if (c === "W") return "B";
    if (c === "B") return "W";
    return app.state.side;
  }

  // undo takes back crown's reply too, so it is the player's turn again.
  async function undo() {
    const st = await command("/api/undo");
    if (st && st.cur > 0 && crownSides().length === 1 && crownSides().includes(st.side)) {
      app.lastGo = st.gen + 1; // do not let crown replay before the second undo lands
      await command("/api/undo");
    }
  }

  function orient() {
    const c = crownSides();
    if (c === "W") app.flipped = true; // the player's Black at the bottom
    else if (c === "B") app.flipped = false;
  }

  // newGame starts the game the play panel names; crownAfter, when given,
  // is the side crown plays in it (set only once the new game is shown, so
  // that a state of the old game arriving meanwhile cannot start crown).
  async function newGame(crownAfter) {
    const from = $("sel-from").value;
    const body = { from, variant: $("sel-variant").value };
    if (from === "ballot") body.ballot = $("sel-ballot").value;
    if (from === "eleven") body.number = +$("in-eleven").value;
    if (from === "fen") body.fen = $("text").value.trim();
    app.graph = [];
    app.lastGo = -1;
    const crown = crownAfter || $("sel-crown").value;
    if (clockLevel() || crownAfter) $("sel-crown").value = "none"; // no move before the clock is set
    const st = await command("/api/new", body);
    $("sel-crown").value = crown;
    if (crownAfter) { orient(); render(); }
    if (st && clockLevel()) await setClock();
    else maybeCrownMoves();
  }

  async function loadText(t) {
    t = t.trim();
    if (!t) { message("paste a FEN or PDN first"); return; }
    app.graph = [];
    const isFEN = /^[BW]:/i.test(t) && !t.includes("\n");
    $("sel-crown").value = "none";
    if (isFEN) await command("/api/new", { from: "fen", fen: t, variant: $("sel-variant").value });
    else if (await command("/api/pdn", { pdn: t })) app.pdnText = t;
  }

  // another game of the loaded PDN text
  async function pdnGame(d) {
    const st = app.state;
    if (!app.pdnText || !st.pdn_games) return;
    const n = st.pdn_game + d;
    if (n < 1 || n > st.pdn_games) return;
    app.graph = [];
    await command("/api/pdn", { pdn: app.pdnText, game: n });
  }

  async function start() {
    bind();
    try {
      const info = await fetch("/api/info").then((r) => r.json());
      for (let k = info.skill_max; k >= 1; k--) {
        $("sel-skill").add(new Option(k + (k === info.skill_max ? " (full)" : k === 1 ? " (beginner)" : ""), String(k)));
      }
      for (const e of info.evaluators) for (const id of ["sel-eval", "sel-match-a-eval", "sel-match-b-eval"]) $(id).add(new Option(e, e));
      for (const id of ["sel-match-a-level", "sel-match-b-level"]) {
        for (const o of $("sel-level").options) if (o.value[0] !== "c") $(id).add(new Option(o.text, o.value)); // no game clocks in matches
        $(id).value = "t100";
      }
      $("sel-match-b-eval").value = info.evaluators[info.evaluators.length - 1];
      app.variantEval = {};
      for (const v of info.variants || []) app.variantEval[v.name] = v.evaluator;
      info.players.forEach((p, i) => $("sel-match-b-eval").add(new Option("engine: " + p, "player:" + (i + 1))));
      info.ballots.forEach((b, i) => $("sel-ballot").add(new Option(b, String(i + 1))));
      $("in-eleven").max = info.eleven;
      const s = await fetch("/api/session", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }).then((r) => r.json());
      if (s.error) throw new Error(s.error);
      app.id = s.id;
      const params = new URLSearchParams(location.search);
      if (params.has("crown")) $("sel-crown").value = params.get("crown") || "none";
      orient();
      connect();
      if (params.has("variant")) $("sel-variant").value = params.get("variant");
      if (params.has("fen")) await command("/api/new", { from: "fen", fen: params.get("fen"), variant: $("sel-variant").value });
      else if (params.has("variant")) { setState(s.state); await command("/api/new", { variant: $("sel-variant").value }); }
      else setState(s.state);
    } catch (e) { message("cannot reach crown: " + e.message); }
  }
  start();
})();
