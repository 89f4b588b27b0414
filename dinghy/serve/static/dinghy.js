// dinghy serve: the start page, the host's page and a seat's page. No build step.
// The secret token is the link's #fragment: browsers never send it in a request.
"use strict";
const main = document.getElementById("main");
const statusBar = document.getElementById("status");

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick" || k === "onchange") e[k] = v; else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}
async function post(url, body) {
  const r = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"},
                              body: JSON.stringify(body)});
  return r.json();
}
function refused(text) { return el("p", {class: "refused", role: "alert"}, text); }

// --- the start page: a new table -------------------------------------------------------
async function startPage() {
  const info = await (await fetch("/api/games")).json();
  const game = el("select", {id: "game"});
  for (const g of info.games) game.append(el("option", {value: g.name}, g.title));
  const board = el("select", {id: "board"});
  const fillBoards = () => {
    board.replaceChildren();
    for (const b of info.games.find(g => g.name === game.value).boards) board.append(el("option", {value: b}, b));
  };
  const options = el("div", {class: "options"});
  const fillOptions = () => {      // the game's set-up options, each at its default
    options.replaceChildren();
    for (const o of info.games.find(g => g.name === game.value).options) {
      const sel = el("select", {"data-option": o.key});
      o.choices.forEach((c, i) => {
        const opt = el("option", {value: String(i)}, c.words);
        if (JSON.stringify(c.value) === JSON.stringify(o.default)) opt.selected = true;
        sel.append(opt);
      });
      options.append(el("label", {title: o.help}, `${o.label} `, sel, el("span", {class: "help"}, ` ${o.help}`)));
    }
  };
  const chosenOptions = () => {
    const g = info.games.find(g => g.name === game.value), out = {};
    for (const sel of options.querySelectorAll("select")) {
      out[sel.dataset.option] = g.options.find(o => o.key === sel.dataset.option).choices[Number(sel.value)].value;
    }
    return out;
  };
  game.onchange = () => { fillBoards(); fillOptions(); }; fillBoards(); fillOptions();
  const seats = el("div", {});
  const addSeat = (who) => {
    if (seats.children.length >= 6) return;
    const i = seats.children.length;
    const sel = el("select", {"aria-label": "who sails"});
    for (const w of ["person", ...info.levels]) sel.append(el("option", {value: w}, w === "person" ? "a person" : `bot (${w})`));
    sel.value = who;
    const c = info.colours[i];
    seats.append(el("div", {class: "seatrow"}, el("span", {class: "swatch", style: `background:${c.paint}`}),
      el("input", {value: c.name, maxlength: "16", "aria-label": "name", size: "10"}), sel));
  };
  addSeat("person"); addSeat("person");
  const msg = el("div", {});
  const go = el("button", {class: "primary"}, "Create the table");
  go.onclick = async () => {
    const rows = [...seats.children].map(r => ({name: r.querySelector("input").value, who: r.querySelector("select").value}));
    const res = await post("/api/tables", {rules: game.value, board: board.value, seats: rows, options: chosenOptions()});
    if (res.host) location.href = res.host; else msg.replaceChildren(refused(res.reason));
  };
  main.replaceChildren(el("h2", {}, "A new table"),
    el("label", {}, "Game ", game), el("label", {}, "Board ", board), options,
    el("h3", {}, "Seats"), seats,
    el("div", {class: "seatrow"},
       el("button", {onclick: () => addSeat("person")}, "+ a person"),
       el("button", {onclick: () => addSeat("easy")}, "+ a bot"),
       el("button", {onclick: () => seats.lastChild && seats.children.length > 2 && seats.lastChild.remove()}, "− last seat")),
    msg, go);
}

// --- the host's page: links, QR codes, freeing a seat ----------------------------------
async function hostPage(tableId, token) {
  const show = (res) => {
    if (!res.seats) { main.replaceChildren(refused(res.reason)); return; }
    const rows = res.seats.map(s => {
      const box = el("div", {class: "seat"}, el("h3", {}, el("span", {class: "swatch", style: `background:${s.colour}`}), " ", s.name));
      if (s.bot) { box.append(el("p", {}, `A bot (${s.bot}) sails this boat.`)); return box; }
      const qr = el("div", {class: "qr"}); qr.innerHTML = s.qr;   // SVG drawn by the server (segno)
      box.append(qr, el("p", {}, el("a", {class: "link", href: s.link, target: "_blank", rel: "noopener"}, "Open this seat here")),
        el("button", {onclick: async () => show(await post(`/api/tables/${tableId}/free`, {token, seat: s.seat}))},
           "Free this seat (new link)"));
      return box;
    });
    main.replaceChildren(el("h2", {}, `${res.game}: the table is set`),
      el("p", {}, "Each person scans their seat's code, or opens its link. Keep this page: it is the host's."),
      el("p", {}, el("a", {class: "link hot", href: `/hot/${tableId}#${token}`}, "Or play every person's seat here, hot-seat"),
         " (one device passed round: a curtain hides each seat from the next)."), ...rows);
  };
  show(await post(`/api/tables/${tableId}/host`, {token}));
}

// --- a seat's connection: its latest view, the last refusal, the point being chosen ----
function seatConn(tableId, token, onChange) {
  const c = {view: null, note: null, spot: null};
  let ws = null, retry = 500;
  const connect = () => {
    ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${tableId}`);
    ws.onopen = () => { retry = 500; statusBar.textContent = "connected"; ws.send(JSON.stringify({token})); };
    ws.onmessage = (m) => {
      const data = JSON.parse(m.data);
      if (data.type === "view") { c.view = data; c.note = null; c.spot = null; } else { c.note = data.reason; }
      onChange(c);
    };
    ws.onclose = (e) => {
      statusBar.textContent = "reconnecting…";
      if (e.code !== 1008) setTimeout(connect, retry = Math.min(retry * 2, 8000));
      else statusBar.textContent = "this seat was freed";
    };
  };
  c.send = (text) => ws.send(JSON.stringify({act: text, n: c.view.n}));
  connect();
  return c;
}

// --- a seat's table: the board, its targets, the actions, the log ----------------------
const SVGNS = "http://www.w3.org/2000/svg";
//: A finger's reach (CSS px): every target is at least this wide, and no two targets'
//: centres are closer on the screen (the server merges closer ones into one chooser).
const FINGER = 48;
//: The colours of the outlines a chooser previews (a Weather Eye card either way round),
//: each also on its button.
const PREVIEW = ["#ffd23f", "#6ee07a", "#ff8fd0"];

// The nearest two targets' distance (SVG units), Infinity with fewer than two.
function nearestTargets(targets) {
  let nearest = Infinity;
  for (let i = 0; i < targets.length; i++) {
    for (let j = i + 1; j < targets.length; j++) {
      nearest = Math.min(nearest, Math.hypot(targets[i].x - targets[j].x, targets[i].y - targets[j].y));
    }
  }
  return nearest;
}

// The board's zoom (CSS px per SVG unit): the whole board when the seat has no targets;
// on its turn, close enough that the two nearest targets are a finger apart (the board
// then scrolls and pans in its box). The server keeps a boat's targets 2 radii apart, so
// then the zoom stays below a finger's width over a target's; the places to lay a thing
// on the board (a Weather Eye card) lie on a grid of their own, zoomed in further.
function boardZoom(box, w, h, nearest) {
  const maxH = parseFloat(getComputedStyle(box).maxHeight) || h;
  const fit = Math.min(box.clientWidth / w, maxH / h);
  return [Math.max(fit, nearest < Infinity ? FINGER / nearest : 0), fit];
}

// The board's wind rose (drawn by the server in the board's top-right corner) pinned to
// the corner of the board's box while the board is zoomed in: the wind stays in sight
// wherever the board is panned. The whole board in its box shows its own.
function pinWind(box, zoomed) {
  const badge = box.parentElement && box.parentElement.querySelector(".windbadge");
  const rose = box.querySelector("svg g.wind"), paper = rose && rose.querySelector("rect");
  if (!badge) return;
  badge.replaceChildren();
  if (!zoomed || !paper) return;
  const [x, y, w, h] = ["x", "y", "width", "height"].map(a => parseFloat(paper.getAttribute(a)));
  const s = document.createElementNS(SVGNS, "svg");
  s.setAttribute("viewBox", `${x - 1} ${y - 1} ${w + 2} ${h + 2}`);
  s.setAttribute("width", "44"); s.setAttribute("height", (44 * (h + 2) / (w + 2)).toFixed(1));
  s.setAttribute("font-family", box.querySelector("svg").getAttribute("font-family") || "sans-serif");
  s.append(rose.cloneNode(true));
  badge.append(s);
}

// Sizes the board's SVG in CSS px at its zoom, with a margin for the targets at its edges,
// and draws the seat's targets (each at least a finger wide on the screen); on a new turn
// its box scrolls to show them, else it stays where the person panned it.
function drawTargets(box, c, redraw) {
  const view = c.view, svg = box.querySelector("svg");
  if (!svg) return;
  const targets = view.targets || [];
  const vb = (svg.getAttribute("viewBox") || "").split(/[ ,]+/).map(Number);
  if (vb.length !== 4 || vb.some(isNaN)) return;
  const [x0, y0, w, h] = vb;
  const nearest = nearestTargets(targets);
  const [z, fit] = boardZoom(box, w, h, nearest);
  pinWind(box, z > fit * 1.01);
  // a finger wide, and no wider than keeps the nearest two apart (a grid of places)
  const r = Math.max(Math.min(view.target_r || 0, nearest / 2), FINGER / 2 / z);
  const pad = targets.length ? r : 0;
  svg.setAttribute("viewBox", `${x0 - pad} ${y0 - pad} ${w + 2 * pad} ${h + 2 * pad}`);
  svg.style.width = `${((w + 2 * pad) * z).toFixed(1)}px`;
  svg.style.height = `${((h + 2 * pad) * z).toFixed(1)}px`;
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", "targets");
  targets.forEach((t, i) => {
    const dot = document.createElementNS(SVGNS, "circle");
    dot.setAttribute("cx", t.x); dot.setAttribute("cy", t.y); dot.setAttribute("r", r.toFixed(2));
    dot.setAttribute("class", (i === c.spot ? "target chosen" : "target") + (t.card ? " card" : ""));
    dot.setAttribute("data-acts", t.acts.map(a => a.text).join("\n"));
    if (t.acts.length === 1) dot.setAttribute("data-action", t.acts[0].text);
    if (t.card) dot.setAttribute("data-card", t.card);
    const title = document.createElementNS(SVGNS, "title");
    title.textContent = (t.card ? `plays a ${t.card} card: ` : "") + t.acts.map(a => a.label).join(" / ");
    dot.append(title);
    // one choice is played at a tap; several, or a thing laid on the board (shown
    // first where it would lie), open the chooser
    dot.addEventListener("click", () => {
      if (t.acts.length === 1 && !t.acts[0].outline) c.send(t.acts[0].text); else { c.spot = i; redraw(); }
    });
    g.append(dot);
    if (t.card) {                      // a point reached only by playing a card: its name on it
      const word = document.createElementNS(SVGNS, "text");
      word.setAttribute("x", t.x); word.setAttribute("y", t.y); word.setAttribute("class", "cardword");
      word.setAttribute("font-size", (r * 0.7).toFixed(2));
      word.textContent = t.card;
      g.append(word);
    }
  });
  const chosen = c.spot !== null ? targets[c.spot] : null;
  if (chosen) {                        // where each way of laying the thing here would lie
    chosen.acts.forEach((a, k) => {
      if (!a.outline) return;
      const shape = document.createElementNS(SVGNS, "polygon");
      shape.setAttribute("points", a.outline);
      shape.setAttribute("class", "preview");
      shape.setAttribute("style", `fill:${PREVIEW[k % PREVIEW.length]};stroke:${PREVIEW[k % PREVIEW.length]}`);
      g.append(shape);
    });
  }
  svg.append(g);
  if (c.panned && c.panned.n === view.n) {
    box.scrollLeft = c.panned.left; box.scrollTop = c.panned.top;
  } else if (targets.length) {          // the middle of the turn's targets in the middle
    const xs = targets.map(t => t.x), ys = targets.map(t => t.y);
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2 - x0 + pad, cy = (Math.min(...ys) + Math.max(...ys)) / 2 - y0 + pad;
    box.scrollLeft = cx * z - box.clientWidth / 2; box.scrollTop = cy * z - box.clientHeight / 2;
  }
  box.addEventListener("scroll", () => { c.panned = {n: view.n, left: box.scrollLeft, top: box.scrollTop}; });
}

// A turned phone or a window made wider or narrower draws the seat's table again at its
// new width (the board's zoom, its box), keeping where the person panned the board. A
// change of height alone (a phone's address bar hiding as the page scrolls) draws nothing.
let redrawShown = null, resizing = 0, drawnWidth = 0;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => redrawShown && window.innerWidth !== drawnWidth && redrawShown(), 150);
});

function showSeat(c, redraw) {
  const view = c.view;
  redrawShown = redraw; drawnWidth = window.innerWidth;
  if (!view) { main.replaceChildren(c.note ? refused(c.note) : el("p", {}, "Loading…")); return; }
  const board = el("div", {class: "board"}); board.innerHTML = view.svg;   // SVG drawn by the server
  const boardBox = el("div", {class: "boardwrap"}, board, el("div", {class: "windbadge", "aria-hidden": "true"}));
  const turn = el("div", {class: "turnbar"},
    el("p", {class: view.yours ? "turn yours" : "turn"}, view.yours ? `Your turn, ${view.name}.` : view.turn));
  const fleet = el("p", {class: "fleet"});
  for (const s of view.seats) {
    fleet.append(el("span", {class: "who"}, el("span", {class: "swatch", style: `background:${s.colour}`}),
      ` ${s.place ? s.place + ". " : ""}${s.name}${s.bot ? " (bot)" : ""}`));
  }
  turn.append(fleet);
  if (c.note) turn.append(refused(c.note));
  const side = el("div", {class: "side"});
  if (c.spot !== null && view.targets[c.spot]) {      // a point with several choices: which?
    const here = el("div", {class: "chooser"}, el("h3", {}, "Here on the board"));
    view.targets[c.spot].acts.forEach((a, k) => {
      const attrs = {class: "primary", onclick: () => c.send(a.text), "data-action": a.text};
      if (a.outline) attrs.style = `border-left: 14px solid ${PREVIEW[k % PREVIEW.length]}`;   // its outline's colour
      here.append(el("button", attrs, a.label));
    });
    here.append(el("button", {onclick: () => { c.spot = null; redraw(); }}, "Cancel"));
    side.append(here);
  }
  // the choices, by kind when there are many; a long kind (Gigamic's swaps and turns) is
  // folded under its name, so that a phone sees every kind without scrolling far
  const acts = el("div", {class: "actions"});
  const groups = [];
  for (const a of view.actions) {
    if (!groups.length || groups[groups.length - 1].name !== a.group) groups.push({name: a.group, acts: []});
    groups[groups.length - 1].acts.push(a);
  }
  const many = view.actions.length > 8;
  for (const g of groups) {
    const buttons = g.acts.map(a => el("button", {onclick: () => c.send(a.text), "data-action": a.text}, a.label,
      ...(a.does ? [el("span", {class: "does"}, a.does)] : [])));
    if (!many) acts.append(...buttons);
    else if (g.acts.length > 6) acts.append(el("details", {class: "group"}, el("summary", {}, `${g.name} (${g.acts.length})`), ...buttons));
    else acts.append(el("h3", {}, g.name), ...buttons);
  }
  side.append(acts);
  if (view.calls && view.calls.length) {     // out-of-turn calls: a claim for room, a protest
    const box = el("div", {class: "calls"}, el("h3", {}, "Out of turn"));
    for (const a of view.calls) box.append(el("button", {onclick: () => c.send(a.text), "data-action": a.text, "data-call": "1"}, a.label));
    side.append(box);
  }
  side.append(el("h3", {}, "Log"));
  const log = el("ul", {class: "log"}); for (const t of view.log) log.append(el("li", {}, t));
  side.append(log);
  const seen = el("details", {}, el("summary", {}, `What ${view.name} sees`),
    el("div", {class: "seen"}, Object.entries(view.seen).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join("\n")));
  side.append(seen);
  main.replaceChildren(el("div", {class: "table", "data-n": view.n, "data-over": view.over, "data-seat": view.seat}, turn, boardBox, side));
  drawTargets(board, c, redraw);       // sized once the board's box is on the page
  log.scrollTop = log.scrollHeight;
}

function seatPage(tableId, token) {
  const draw = (c) => showSeat(c, () => draw(c));
  seatConn(tableId, token, draw);
}

// --- hot-seat: every person's seat in this browser, a curtain between them ---------------
// The page holds each seat's own connection (the server sends each only what it may see)
// and shows one seat at a time: when another seat is to act, a curtain hides everything
// until that person taps; nothing of the seat before stays on the page.
async function hotSeatPage(tableId, hostToken) {
  const res = await post(`/api/tables/${tableId}/host`, {token: hostToken});
  if (!res.seats) { main.replaceChildren(refused(res.reason)); return; }
  let shown = null, lifted = false;
  const update = () => {
    const ready = conns.filter(c => c.view);
    const over = ready.length && ready.every(c => c.view.over);
    const acting = ready.find(c => c.view.yours);
    if (over && (!shown || !lifted)) { shown = ready[0]; lifted = true; }
    const c = over ? shown : acting;
    if (!c) {
      shown = null;
      redrawShown = null;
      main.replaceChildren(el("div", {class: "curtain"}, el("p", {}, ready.length ? "The bots are sailing…" : "Loading…")));
      return;
    }
    if (c !== shown) { shown = c; lifted = false; }
    if (!lifted) {
      const name = c.view.name;
      redrawShown = null;
      main.replaceChildren(el("div", {class: "curtain", "data-seat": c.view.seat},
        el("h2", {}, `Pass to ${name}`),
        el("p", {}, `${name}: tap when only you can see the screen. The others look away.`),
        el("button", {class: "primary", onclick: () => { lifted = true; update(); }}, `I am ${name}: show my boat`)));
      return;
    }
    showSeat(c, update);
  };
  const conns = res.seats.filter(s => s.link).map(s => seatConn(tableId, s.link.split("#")[1], update));
}

const parts = location.pathname.split("/").filter(Boolean);
const token = location.hash.slice(1);
if (parts[0] === "host" && parts[1]) hostPage(parts[1], token);
else if (parts[0] === "play" && parts[1]) seatPage(parts[1], token);
else if (parts[0] === "hot" && parts[1]) hotSeatPage(parts[1], token);
else startPage();
