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
  game.onchange = fillBoards; fillBoards();
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
    const res = await post("/api/tables", {rules: game.value, board: board.value, seats: rows});
    if (res.host) location.href = res.host; else msg.replaceChildren(refused(res.reason));
  };
  main.replaceChildren(el("h2", {}, "A new table"),
    el("label", {}, "Game ", game), el("label", {}, "Board ", board),
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
      el("p", {}, "Each person scans their seat's code, or opens its link. Keep this page: it is the host's."), ...rows);
  };
  show(await post(`/api/tables/${tableId}/host`, {token}));
}

// --- a seat's page: the board, the actions, the log ------------------------------------
function seatPage(tableId, token) {
  let ws = null, view = null, note = null, retry = 500, spot = null;
  const connect = () => {
    ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${tableId}`);
    ws.onopen = () => { retry = 500; statusBar.textContent = "connected"; ws.send(JSON.stringify({token})); };
    ws.onmessage = (m) => {
      const data = JSON.parse(m.data);
      if (data.type === "view") { view = data; note = null; spot = null; } else { note = data.reason; }
      draw();
    };
    ws.onclose = (e) => {
      statusBar.textContent = "reconnecting…";
      if (e.code !== 1008) setTimeout(connect, retry = Math.min(retry * 2, 8000));
      else statusBar.textContent = "this seat was freed";
    };
  };
  const send = (text) => ws.send(JSON.stringify({act: text, n: view.n}));
  const draw = () => {
    if (!view) { if (note) main.replaceChildren(refused(note)); return; }
    const board = el("div", {class: "board"}); board.innerHTML = view.svg;   // SVG drawn by the server
    drawTargets(board.querySelector("svg"));
    const turn = el("div", {class: "turnbar"},
      el("p", {class: view.yours ? "turn yours" : "turn"}, view.yours ? `Your turn, ${view.name}.` : view.turn));
    const fleet = el("p", {class: "fleet"});
    for (const s of view.seats) {
      fleet.append(el("span", {class: "who"}, el("span", {class: "swatch", style: `background:${s.colour}`}),
        ` ${s.place ? s.place + ". " : ""}${s.name}${s.bot ? " (bot)" : ""}`));
    }
    turn.append(fleet);
    if (note) turn.append(refused(note));
    const side = el("div", {class: "side"});
    const acts = el("div", {class: "actions"});
    if (spot !== null && view.targets[spot]) {      // a point with several choices: which?
      const here = el("div", {class: "chooser"}, el("h3", {}, "Here on the board"));
      for (const a of view.targets[spot].acts) here.append(el("button", {class: "primary", onclick: () => send(a.text), "data-action": a.text}, a.label));
      here.append(el("button", {onclick: () => { spot = null; draw(); }}, "Cancel"));
      side.append(here);
    }
    let group = null;
    for (const a of view.actions) {
      if (view.actions.length > 8 && a.group !== group) { group = a.group; acts.append(el("h3", {}, group)); }
      acts.append(el("button", {onclick: () => send(a.text), "data-action": a.text}, a.label));
    }
    side.append(acts);
    side.append(el("h3", {}, "Log"));
    const log = el("ul", {class: "log"}); for (const t of view.log) log.append(el("li", {}, t));
    side.append(log);
    const seen = el("details", {}, el("summary", {}, `What ${view.name} sees`),
      el("div", {class: "seen"}, Object.entries(view.seen).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join("\n")));
    side.append(seen);
    main.replaceChildren(el("div", {class: "table", "data-n": view.n, "data-over": view.over}, turn, board, side));
    log.scrollTop = log.scrollHeight;
  };
  const SVGNS = "http://www.w3.org/2000/svg";
  const drawTargets = (svg) => {
    if (!svg || !view.targets || !view.targets.length) return;
    const g = document.createElementNS(SVGNS, "g");
    g.setAttribute("class", "targets");
    view.targets.forEach((t, i) => {
      const c = document.createElementNS(SVGNS, "circle");
      c.setAttribute("cx", t.x); c.setAttribute("cy", t.y); c.setAttribute("r", view.target_r);
      c.setAttribute("class", i === spot ? "target chosen" : "target");
      c.setAttribute("data-acts", t.acts.map(a => a.text).join("\n"));
      if (t.acts.length === 1) c.setAttribute("data-action", t.acts[0].text);
      const title = document.createElementNS(SVGNS, "title");
      title.textContent = t.acts.map(a => a.label).join(" / ");
      c.append(title);
      c.addEventListener("click", () => {
        if (t.acts.length === 1) send(t.acts[0].text); else { spot = i; draw(); }
      });
      g.append(c);
    });
    svg.append(g);
  };
  connect();
}

const parts = location.pathname.split("/").filter(Boolean);
const token = location.hash.slice(1);
if (parts[0] === "host" && parts[1]) hostPage(parts[1], token);
else if (parts[0] === "play" && parts[1]) seatPage(parts[1], token);
else startPage();
