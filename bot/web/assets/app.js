// The web board's page: reads who it is from the address's fragment (Telegram's signed
// initData, or the bot's signed link), draws the game as SVG, follows its changes with
// server-sent events read through fetch (so the credential travels in a header), and sends a
// tap as a move once it is confirmed by a second tap. CINCO is drawn as cards: the table
// everybody sees and, for a player, their own hand, a card tapped once to choose it and
// again to play or bid it. Every word comes from the server.
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  let words = {};
  let state = null;
  let chosen = null; // the point tapped once, waiting for the confirming tap
  let picked = null; // CINCO: the index of the card tapped once in the hand
  let sending = false;
  let clockOffset = 0; // the server's clock minus this one, as of the last read
  let reads = 0; // states read so far: an answer does not speak over a newer state's words

  // Who we are and which game: from the fragment, never from the query (it would reach logs).
  const fragment = new URLSearchParams(location.hash.slice(1));
  const initData = fragment.get("tgWebAppData");
  const linkToken = fragment.get("k");
  const credential = initData ? "tma " + initData : linkToken ? "Link " + linkToken : null;
  const signed = initData ? new URLSearchParams(initData) : null;
  const gameId = (() => {
    const path = location.pathname.match(/\/g\/(\d+)$/);
    if (path) return path[1];
    const start = signed && signed.get("start_param");
    const named = start && start.match(/^g(\d+)$/);
    return named ? named[1] : null;
  })();
  const locale = (() => {
    try {
      const user = signed && JSON.parse(signed.get("user") || "null");
      if (user && user.language_code) return user.language_code;
    } catch (_) { /* no user field: the browser's language */ }
    return navigator.language || "en";
  })();

  const say = (text, error) => {
    const status = $("status");
    status.textContent = text || "";
    status.classList.toggle("error", !!error);
  };
  const word = (id) => words[id] || "";
  const errorWord = (code) => word("web-error-" + code) || word("web-error-network");

  function headers(extra) {
    const all = Object.assign({}, extra || {});
    if (credential) all["Authorization"] = credential;
    return all;
  }

  async function api(path, options) {
    const response = await fetch(path, Object.assign({ cache: "no-store" }, options || {}));
    let body = null;
    try { body = await response.json(); } catch (_) { body = null; }
    return { ok: response.ok, status: response.status, body: body };
  }

  function nonce() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function load() {
    const answer = await api("/api/games/" + gameId, { headers: headers() });
    if (!answer.ok) {
      say(errorWord(answer.body && answer.body.error), true);
      return;
    }
    state = answer.body;
    reads++;
    clockOffset = state.now_ms - Date.now();
    chosen = null;
    picked = null;
    draw();
  }

  function el(name, attributes, parent) {
    const node = document.createElementNS(SVG, name);
    for (const key in attributes) node.setAttribute(key, attributes[key]);
    if (parent) parent.appendChild(node);
    return node;
  }

  function draw() {
    const lines = $("lines");
    lines.replaceChildren();
    const cinco = !!state.board && state.board.type === "cinco";
    // CINCO's lines say in words what its table draws: its title is enough above it.
    for (const line of cinco ? state.lines.slice(0, 1) : state.lines) {
      const p = document.createElement("p");
      p.textContent = line;
      lines.appendChild(p);
    }
    drawPlayers();
    drawBoard();
    drawButtons();
    $("cinco").hidden = !cinco;
    if (cinco) drawCinco();
    drawConfirm();
    say(turnWord());
  }

  // Screen y grows downwards; the board's rows count from the bottom.
  function drawBoard() {
    const svg = $("board");
    svg.replaceChildren();
    const board = state.board;
    const wrap = $("board-wrap");
    wrap.hidden = !board || (board.type !== "grid" && board.type !== "connect");
    if (wrap.hidden) return;
    wrap.classList.toggle("columns", board.type === "connect");
    if (board.type === "connect") drawColumns(svg, board);
    else drawGrid(svg, board);
  }

  function drawGrid(svg, board) {
    const n = board.size;
    // Room for the coordinates on the left and at the bottom, clear of the edge's stones
    // (a stone's radius is 0.45), and for a stone on the other sides.
    const left = 1.15, top = 0.6, side = left + n - 1 + top;
    svg.setAttribute("viewBox", "0 0 " + side + " " + side);
    const X = (x) => left + x;
    const Y = (y) => top + (n - 1 - y);
    el("rect", { class: "wood", x: 0, y: 0, width: side, height: side, rx: 0.2 }, svg);
    for (let i = 0; i < n; i++) {
      el("line", { class: "line", x1: X(0), y1: Y(i), x2: X(n - 1), y2: Y(i) }, svg);
      el("line", { class: "line", x1: X(i), y1: Y(0), x2: X(i), y2: Y(n - 1) }, svg);
      const col = el("text", { class: "label", x: X(i), y: Y(0) + 0.8 }, svg);
      col.textContent = board.columns[i];
      const row = el("text", { class: "label", x: 0.4, y: Y(i) }, svg);
      row.textContent = String(i + 1);
    }
    for (const [x, y] of stars(n)) el("circle", { class: "star", cx: X(x), cy: Y(y), r: 0.1 }, svg);
    for (const [x, y, colour] of board.stones) {
      const at = board.columns[x] + (y + 1);
      el("circle", { class: "stone " + colour, cx: X(x), cy: Y(y), r: 0.45, "data-stone": colour, "data-at": at }, svg);
    }
    if (board.last) el("circle", { class: "last", cx: X(board.last[0]), cy: Y(board.last[1]), r: 0.12 }, svg);
    for (const [x, y] of board.captured) el("circle", { class: "captured", cx: X(x), cy: Y(y), r: 0.4 }, svg);
    const muted = board.forbidden_muted ? " muted" : "";
    for (const [x, y] of board.forbidden) {
      el("line", { class: "forbidden" + muted, x1: X(x) - 0.18, y1: Y(y) - 0.18, x2: X(x) + 0.18, y2: Y(y) + 0.18 }, svg);
      el("line", { class: "forbidden" + muted, x1: X(x) - 0.18, y1: Y(y) + 0.18, x2: X(x) + 0.18, y2: Y(y) - 0.18 }, svg);
    }
    if (board.opening_area) {
      const [[x1, y1], [x2, y2]] = board.opening_area;
      el("rect", { class: "area", x: X(x1) - 0.5, y: Y(y2) - 0.5, width: x2 - x1 + 1, height: y2 - y1 + 1 }, svg);
    }
    // Each offered point on a disc of its own, so the grid's lines do not cross its number.
    board.offers.forEach(([x, y], i) => {
      el("circle", { class: "offer-mark", cx: X(x), cy: Y(y), r: 0.36 }, svg);
      const t = el("text", { class: "offer", x: X(x), y: Y(y) }, svg);
      t.textContent = String(i + 1);
    });
    const segments = [[board.winning, "win"], [board.forbidden_lines, "win forbidden-line"], [board.scoring_lines, "win scoring"]];
    for (const [list, cls] of segments) {
      for (const [[x1, y1], [x2, y2]] of list) {
        el("line", { class: cls, x1: X(x1), y1: Y(y1), x2: X(x2), y2: Y(y2) }, svg);
      }
    }
    if (chosen) {
      const colour = chosen.action.stone || board.to_move || "b";
      el("circle", { class: "stone ghost " + colour, cx: X(chosen.x), cy: Y(chosen.y), r: 0.45 }, svg);
    }
    const taps = gridTaps();
    for (let x = 0; x < n; x++) {
      for (let y = 0; y < n; y++) {
        const point = board.columns[x] + (y + 1);
        const action = taps.get(point);
        if (!action) continue;
        const hit = el("rect", { class: "hit", x: X(x) - 0.5, y: Y(y) - 0.5, width: 1, height: 1, "data-point": point }, svg);
        hit.addEventListener("click", () => tap(x, y, point, action));
      }
    }
  }

  // What a tap on each point of a grid sends, by point: a point added to renju's offer
  // being chosen (at once: a button under the board takes it back), or a move open now —
  // a stone, or white's choice of an offered fifth stone ("choose h9") — with the chat's
  // question when it loses at once (renju's forbidden points).
  function gridTaps() {
    const taps = new Map();
    const you = state.you;
    if (!you.may_act) return taps;
    if (you.offer) {
      for (const point of you.offer.candidates) {
        taps.set(point, { once: true, body: { offer: point, ply: state.ply, count: you.offer.count } });
      }
      return taps;
    }
    const questions = new Map(you.losing.map((losing) => [losing.move, losing.question]));
    for (const move of you.legal) {
      const point = move.slice(move.lastIndexOf(" ") + 1);
      if (!/^[a-z]+\d+$/.test(point)) continue; // a decision, not a point: "swap", "keep"
      const choice = move !== point;
      taps.set(point, { body: { move: move, ply: state.ply }, question: questions.get(move), stone: choice ? "b" : null });
    }
    return taps;
  }

  // What the status says the reader may do now.
  function turnWord() {
    const you = state.you;
    if (!you.may_act) return word("web-spectating");
    if (state.board && state.board.type === "cinco") return hasChoices() ? word("web-cinco-pick") : "";
    if (you.offer) return word(you.offer.candidates.length > 0 ? "web-your-turn-offer" : "web-offer-full");
    if (you.legal.length === 0) return "";
    if (state.board && state.board.type === "connect") return word("web-your-turn-column");
    if (state.board && state.board.type === "grid") {
      if (gridTaps().size === 0) return word("web-your-turn-decide");
      if (you.legal.every((move) => move.includes(" "))) return word("web-your-turn-choose");
    }
    return word("web-your-turn");
  }

  // The players over the board: their colour, name, away badge, captures, and the turn's
  // time left beside whoever is to move.
  function drawPlayers() {
    const bar = $("players");
    bar.replaceChildren();
    const board = state.board;
    if (!board || (board.type !== "grid" && board.type !== "connect")) return;
    const seats = board.type === "grid" ? [["b", board.black], ["w", board.white]] : [["r", board.red], ["y", board.yellow]];
    for (const [colour, player] of seats) {
      const row = document.createElement("div");
      row.className = "player" + (board.to_move === colour ? " to-move" : "");
      const part = (cls, text) => {
        const span = document.createElement("span");
        span.className = cls;
        span.textContent = text || "";
        row.appendChild(span);
        return span;
      };
      part("swatch " + colour);
      part("name", player.name);
      if (player.away) part("away", player.away);
      if (player.captures !== undefined && player.captures !== null && board.capture_goal) {
        part("captures", fill(word("web-captures"), { count: player.captures, goal: board.capture_goal }))
          .setAttribute("data-captures", colour);
      }
      if (board.to_move === colour && state.deadline_ms) part("clock").id = "clock";
      bar.appendChild(row);
    }
    tick();
  }

  // The turn's time left, counted on this clock set to the server's: read again, the count
  // starts from the server's word, so it does not drift.
  function tick() {
    const clock = $("clock");
    if (!clock || !state || !state.deadline_ms) return;
    const left = Math.max(0, state.deadline_ms - (Date.now() + clockOffset));
    const seconds = Math.ceil(left / 1000);
    const time = Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
    clock.textContent = seconds > 0 ? fill(word("web-time-left"), { time: time }) : word("web-time-up");
    clock.classList.toggle("urgent", seconds <= 10);
  }

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
  }

  // A column board: a tap on a column chooses it (the disc shows where it lands), a second
  // tap drops it. Pops are the buttons under the board.
  function drawColumns(svg, board) {
    const w = board.width, h = board.height;
    const pad = 0.2, band = 0.8;
    svg.setAttribute("viewBox", "0 0 " + (w + 2 * pad) + " " + (h + 2 * pad + band));
    const X = (x) => pad + x + 0.5;
    const Y = (y) => pad + (h - 1 - y) + 0.5;
    el("rect", { class: "frame", x: 0, y: 0, width: w + 2 * pad, height: h + 2 * pad, rx: 0.2 }, svg);
    const filled = new Map();
    for (const [x, y, colour] of board.discs) filled.set(x + "," + y, colour);
    const popped = new Set(board.pop_out || []);
    for (let x = 0; x < w; x++) {
      const side = board.columns[x] === null;
      if (side) el("rect", { class: "side", x: pad + x, y: pad, width: 1, height: h }, svg);
      for (let y = 0; y < h; y++) {
        const colour = filled.get(x + "," + y);
        el("circle", { class: colour ? "disc " + colour : "hole", cx: X(x), cy: Y(y), r: 0.4, "data-disc": colour || "" }, svg);
      }
      const label = el("text", { class: "label" + (popped.has(x) ? " pop" : ""), x: X(x), y: h + 2 * pad + band / 2 }, svg);
      label.textContent = side ? "" : String(board.columns[x]);
    }
    if (board.last) el("circle", { class: "last", cx: X(board.last[0]), cy: Y(board.last[1]), r: 0.12 }, svg);
    for (const [[x1, y1], [x2, y2]] of board.winning) {
      el("line", { class: "win", x1: X(x1), y1: Y(y1), x2: X(x2), y2: Y(y2) }, svg);
    }
    if (chosen) {
      el("circle", { class: "disc ghost " + (board.to_move || "r"), cx: X(chosen.x), cy: Y(chosen.y), r: 0.4 }, svg);
    }
    if (state.you.seat === null) return;
    const legal = new Set(state.you.legal);
    for (let x = 0; x < w; x++) {
      const column = board.columns[x];
      if (column === null || !legal.has(String(column))) continue;
      let landing = 0;
      while (filled.has(x + "," + landing)) landing++;
      const hit = el("rect", { class: "hit", x: pad + x, y: 0, width: 1, height: h + 2 * pad + band, "data-column": column }, svg);
      const action = { body: { move: String(column), ply: state.ply } };
      hit.addEventListener("click", () => tap(x, landing, String(column), action));
    }
  }

  // The star points of the usual boards.
  function stars(n) {
    const edge = n >= 13 ? 3 : 2;
    const far = n - 1 - edge, mid = (n - 1) / 2;
    const points = [[edge, edge], [edge, far], [far, edge], [far, far]];
    if (n % 2 === 1) points.push([mid, mid]);
    return points;
  }

  // CINCO. A card as a DOM node: its colour, and what is printed on it.
  function cardNode(card, size, tag) {
    const node = document.createElement(tag || "div");
    const wild = card.kind === "wild" || card.kind === "wild-five";
    node.className = "card " + (wild ? card.kind : card.colour || "black") + (size ? " " + size : "");
    if (card.number === null) node.classList.add("word");
    node.textContent = card.printed;
    node.dataset.card = (card.colour || "") + ":" + card.kind + ":" + (card.number === null ? "" : card.number);
    return node;
  }

  function backNode(size) {
    const node = document.createElement("div");
    node.className = "card back" + (size ? " " + size : "");
    return node;
  }

  function span(className, text) {
    const node = document.createElement("span");
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function drawCinco() {
    drawTable(state.board);
    drawHand();
  }

  function drawTable(table) {
    const root = $("table");
    root.replaceChildren();
    const piles = document.createElement("div");
    piles.className = "piles";
    const draw = span("pile");
    draw.append(backNode("small"), span("", (table.draw_pile + " " + table.draw_pile_label).trim()));
    piles.appendChild(draw);
    const discard = span("pile");
    if (table.discard) discard.appendChild(cardNode(table.discard, "small"));
    if (table.follow) {
      const marks = { reverse: "⇄", skip: "⊘" };
      const mark = table.follow.mark === null ? "" : marks[table.follow.mark] || table.follow.mark;
      discard.appendChild(span("card follow " + (table.follow.colour || "black"), mark || "•"));
    }
    piles.appendChild(discard);
    piles.appendChild(span("direction", table.clockwise ? "↻" : "↺"));
    if (table.auction) {
      const auction = span("pile auction");
      auction.append(span("", table.auction.label), cardNode(table.auction.five, "small"));
      piles.appendChild(auction);
    }
    root.appendChild(piles);
    const players = document.createElement("ol");
    players.className = "players";
    table.players.forEach((player, seat) => {
      const row = document.createElement("li");
      if (table.turn === seat && !table.auction) row.classList.add("turn");
      if (state.you.seat === seat) row.classList.add("you");
      row.appendChild(span("name", player.name));
      const held = span("held");
      held.append(backNode("mini"), span("", "×" + player.cards));
      row.appendChild(held);
      const fives = span("fives");
      for (const five of player.fives) fives.appendChild(cardNode(five, "mini"));
      if (player.protected) {
        fives.appendChild(cardNode({ colour: null, kind: "protection", number: null, printed: "PROTECCIÓN" }, "mini"));
      }
      // How many 5s; with none, beside an outline of one, so that "×0" reads as no 5s.
      if (player.fives.length === 0) fives.appendChild(span("card mini slot", "5"));
      fives.appendChild(span("", "×" + player.fives.length));
      row.appendChild(fives);
      if (table.auction) {
        const bid = table.auction.bids[seat];
        const shown = span("bid " + bid);
        shown.dataset.bid = bid;
        if (bid === "sealed") shown.appendChild(backNode("mini"));
        else if (bid === "none") shown.textContent = table.auction.no_bid_label;
        else shown.appendChild(span("card mini slot", "?"));
        row.appendChild(shown);
      }
      players.appendChild(row);
    });
    root.appendChild(players);
    const status = document.createElement("p");
    status.className = "table-status";
    status.textContent = table.status;
    root.appendChild(status);
    // The time left to act (to bid, in an auction), counted down as the board games' is.
    if (state.active && state.deadline_ms) {
      const clock = span("clock");
      clock.id = "clock";
      root.appendChild(clock);
      tick();
    }
    // The last auction's reveal: the chat tells it as a message of its own.
    if (state.told && state.told.length > 0) {
      const told = document.createElement("div");
      told.className = "told";
      for (const line of state.told) {
        const p = document.createElement("p");
        p.textContent = line;
        told.appendChild(p);
      }
      root.appendChild(told);
    }
  }

  function hasChoices() {
    const hand = state.hand;
    return !!hand && (hand.loose.length > 0 || hand.cards.some((held) => held.actions.length > 0));
  }

  // The reader's own hand: only a player's state has one.
  function drawHand() {
    const root = $("hand");
    root.replaceChildren();
    const hand = state.hand;
    if (!hand) return;
    const title = document.createElement("h2");
    title.textContent = word("web-cinco-hand");
    root.appendChild(title);
    // The first line lists the cards drawn just below (or says there are none).
    for (const line of hand.lines.slice(hand.cards.length > 0 ? 1 : 0)) {
      const p = document.createElement("p");
      p.textContent = line;
      root.appendChild(p);
    }
    if (hand.sealed_bid) {
      const sealed = document.createElement("div");
      sealed.className = "own-bid";
      sealed.append(span("", word("web-cinco-bid")), cardNode(hand.sealed_bid, "small"));
      root.appendChild(sealed);
    }
    const cards = document.createElement("div");
    // With nothing to do now, no card is dimmed: the hand is just shown.
    cards.className = hasChoices() ? "cards" : "cards idle";
    hand.cards.forEach((held, index) => {
      const button = cardNode(held.card, "", "button");
      button.type = "button";
      button.setAttribute("aria-label", held.name);
      button.disabled = held.actions.length === 0;
      if (held.actions.length > 0) button.classList.add("playable");
      if (picked === index) button.classList.add("picked");
      button.addEventListener("click", () => tapCard(index));
      cards.appendChild(button);
    });
    root.appendChild(cards);
    const choices = document.createElement("div");
    choices.className = "choices";
    const offer = (choice, loose) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = choice.label;
      if (loose) button.className = "loose";
      button.addEventListener("click", () => { if (!sending) act({ button: choice.payload }); });
      choices.appendChild(button);
    };
    if (picked !== null && hand.cards[picked]) for (const choice of hand.cards[picked].actions) offer(choice, false);
    for (const choice of hand.loose) offer(choice, true);
    root.appendChild(choices);
  }

  // A card tapped once is chosen and its actions shown; tapped again, its one action is
  // sent (a card with several — colours, targets, Puntaje — waits for one of them).
  function tapCard(index) {
    if (sending) return;
    const held = state.hand.cards[index];
    if (!held || held.actions.length === 0) return;
    if (picked === index && held.actions.length === 1) {
      picked = null;
      act({ button: held.actions[0].payload });
      return;
    }
    picked = index;
    drawHand();
    if (held.actions.length === 1) say(word("web-cinco-tap-again").replace("{action}", held.actions[0].label));
    else say(word("web-cinco-choose").replace("{card}", held.name));
  }

  // A first tap shows where the stone goes (and, on a point that loses, the chat's question
  // with its Confirm button); tapping it again plays it. A point added to an offer needs one.
  function tap(x, y, point, action) {
    if (sending) return;
    if (action.once) {
      act(action.body);
      return;
    }
    if (!chosen || chosen.point !== point) {
      chosen = { x: x, y: y, point: point, action: action };
      drawBoard();
      drawConfirm();
      if (action.question) say(action.question, true);
      else say(fill(word("web-tap-again"), { point: point }));
      return;
    }
    play();
  }

  // The move chosen, confirmed when it loses at once (the player was asked).
  function play() {
    const action = chosen.action;
    chosen = null;
    drawConfirm();
    act(Object.assign({}, action.body, action.question ? { confirm: true } : {}));
  }

  // The Confirm button of a move that loses at once, while it is chosen.
  function drawConfirm() {
    const ask = $("ask");
    ask.replaceChildren();
    ask.hidden = !(chosen && chosen.action.question);
    if (ask.hidden) return;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "danger";
    b.id = "confirm";
    b.textContent = word("button-confirm");
    b.addEventListener("click", () => { if (!sending && chosen) play(); });
    ask.appendChild(b);
  }

  function drawButtons() {
    const nav = $("buttons");
    nav.replaceChildren();
    if (!state.you.may_act) return;
    for (const row of state.buttons) {
      const div = document.createElement("div");
      for (const button of row) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = button.label;
        b.className = button.style;
        b.disabled = button.disabled;
        b.addEventListener("click", () => act({ button: button.payload }));
        div.appendChild(b);
      }
      nav.appendChild(div);
    }
  }

  async function act(what) {
    sending = true;
    const before = reads;
    say(word("web-sending"));
    const body = JSON.stringify(Object.assign({ id: nonce() }, what));
    try {
      const answer = await api("/api/games/" + gameId + "/actions", {
        method: "POST",
        headers: headers({ "Content-Type": "application/json" }),
        body: body,
      });
      if (!answer.ok) say(errorWord(answer.body && answer.body.error), true);
      else if (answer.body.confirm) confirmAsked(answer.body.confirm, answer.body.replies.join("\n"));
      else if (answer.body.replies.length > 0) say(answer.body.replies.join("\n"), true);
      else if (reads === before) say(word("web-played"));
    } catch (_) {
      say(word("web-error-network"), true);
    } finally {
      sending = false;
    }
  }

  // The server asked before playing a move that loses at once (the page had not): it is
  // chosen with its question, as if tapped once.
  function confirmAsked(move, question) {
    const board = state.board;
    const x = board && board.columns ? board.columns.indexOf(move.replace(/\d+$/, "")) : -1;
    const y = parseInt(move.replace(/^\D+/, ""), 10) - 1;
    chosen = { x: x, y: y, point: move, action: { body: { move: move, ply: state.ply }, question: question } };
    if (x >= 0) drawBoard();
    drawConfirm();
    say(question, true);
  }

  // Server-sent events through fetch: EventSource cannot send an Authorization header.
  async function follow() {
    let wait = 1000;
    for (;;) {
      try {
        const response = await fetch("/api/games/" + gameId + "/events", { headers: headers(), cache: "no-store" });
        if (response.status === 401 || response.status === 403 || response.status === 404) {
          let code = "network";
          try { code = (await response.json()).error; } catch (_) { /* keep network */ }
          say(errorWord(code), true);
          return;
        }
        if (!response.ok || !response.body) throw new Error("status " + response.status);
        wait = 1000;
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = (block.match(/^event: (.*)$/m) || [])[1];
            if (name === "ready" || name === "board" || name === "hand" || name === "resync") await load();
          }
        }
      } catch (_) { /* try again below */ }
      say(word("web-reconnecting"), true);
      await new Promise((done) => setTimeout(done, wait));
      wait = Math.min(wait * 2, 30000);
    }
  }

  async function start() {
    const answer = await api("/api/words/" + encodeURIComponent(locale)).catch(() => null);
    words = (answer && answer.ok && answer.body) || {};
    if (word("web-title")) document.title = word("web-title");
    if (!credential || !gameId) {
      say(errorWord("unauthorized"), true);
      return;
    }
    say(word("web-connecting"));
    setInterval(tick, 250);
    follow();
  }

  start();
})();
