// The flows site's one script (copied to flows-site/ by npm run flows): zoom and pan of the
// statechart, and the generated paths drawn from data/<machine>.json when a group is opened, a
// search typed or a path linked (#path-12), each printable as Given / When / Then.

const pageSize = 100;
const maxResults = 200;

function setUpChart(figure) {
  const svg = figure.querySelector("svg");
  if (!svg) return;
  const width = Number(svg.dataset.width);
  const height = Number(svg.dataset.height);
  const full = { x: -1, y: -1, w: width, h: height };
  // Never drawn bigger than its natural size: a small chart stays at 100%.
  svg.style.maxWidth = `${width}px`;
  let view = { ...full };
  const show = () => {
    svg.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`);
    figure.dataset.zoom = String(Math.round((full.w / view.w) * 100));
  };
  // Zooming keeps the chart's proportions, so the figure never changes size.
  const zoom = (factor, cx = view.x + view.w / 2, cy = view.y + view.h / 2) => {
    const w = Math.min(full.w, Math.max(full.w / 12, view.w / factor));
    const scale = w / view.w;
    view = { x: cx - (cx - view.x) * scale, y: cy - (cy - view.y) * scale, w, h: view.h * scale };
    clamp();
    show();
  };
  const clamp = () => {
    view.x = Math.min(Math.max(view.x, full.x), full.x + full.w - view.w);
    view.y = Math.min(Math.max(view.y, full.y), full.y + full.h - view.h);
  };
  const pan = (dx, dy) => {
    view.x += dx;
    view.y += dy;
    clamp();
    show();
  };
  const fitAll = () => {
    view = { ...full };
    show();
  };
  const toolbar = figure.closest(".chart")?.querySelector(".toolbar");
  toolbar?.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-zoom]");
    if (!button) return;
    if (button.dataset.zoom === "in") zoom(1.5);
    else if (button.dataset.zoom === "out") zoom(1 / 1.5);
    else fitAll();
  });
  figure.addEventListener("keydown", (event) => {
    const step = view.w / 10;
    const keys = {
      "+": () => zoom(1.5),
      "=": () => zoom(1.5),
      "-": () => zoom(1 / 1.5),
      0: fitAll,
      ArrowLeft: () => pan(-step, 0),
      ArrowRight: () => pan(step, 0),
      ArrowUp: () => pan(0, -step),
      ArrowDown: () => pan(0, step),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });
  const toChart = (event) => {
    const box = svg.getBoundingClientRect();
    // The chart is drawn "meet": one scale for both axes, centred.
    const scale = Math.max(view.w / box.width, view.h / box.height);
    const offsetX = (box.width - view.w / scale) / 2;
    const offsetY = (box.height - view.h / scale) / 2;
    return {
      x: view.x + (event.clientX - box.left - offsetX) * scale,
      y: view.y + (event.clientY - box.top - offsetY) * scale,
      scale,
    };
  };
  figure.addEventListener(
    "wheel",
    (event) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const point = toChart(event);
      zoom(event.deltaY < 0 ? 1.25 : 1 / 1.25, point.x, point.y);
    },
    { passive: false },
  );
  let drag = null;
  figure.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    drag = { x: event.clientX, y: event.clientY, scale: toChart(event).scale };
    figure.setPointerCapture(event.pointerId);
    figure.dataset.dragging = "true";
  });
  figure.addEventListener("pointermove", (event) => {
    if (!drag) return;
    pan((drag.x - event.clientX) * drag.scale, (drag.y - event.clientY) * drag.scale);
    drag.x = event.clientX;
    drag.y = event.clientY;
  });
  const stop = () => {
    drag = null;
    delete figure.dataset.dragging;
  };
  figure.addEventListener("pointerup", stop);
  figure.addEventListener("pointercancel", stop);
  show();
}

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function setUpPaths(section) {
  const machine = section.dataset.machine;
  let loading = null;
  const load = () => {
    loading ??= fetch(`data/${machine}.json`).then((response) => {
      if (!response.ok) throw new Error(`data/${machine}.json: ${response.status}`);
      return response.json();
    });
    return loading;
  };
  const endOf = (path) => (path.e.length > 0 ? path.e[path.e.length - 1] : path.s);
  const steps = (data, path) => {
    const result = [];
    let given = path.s;
    for (let index = 0; index < path.e.length; index += 2) {
      const then = path.e[index + 1];
      result.push({ given, event: data.events[path.e[index]], then });
      given = then;
    }
    return result;
  };
  const eventWords = (event) => (event[2] ? `${event[0]} (${event[2]})` : event[0]);
  const searchText = new WeakMap();
  const textOf = (data, path) => {
    let text = searchText.get(path);
    if (text === undefined) {
      const parts = [`path ${path.n}`, ...data.states[path.s]];
      for (const step of steps(data, path)) parts.push(...step.event, ...data.states[step.then]);
      text = parts.join(" ").toLowerCase();
      searchText.set(path, text);
    }
    return text;
  };

  const gwt = (data, path) => {
    const [start, startCode] = data.states[path.s];
    const list = element("ol", { class: "gwt" });
    for (const step of steps(data, path)) {
      const [given, givenCode] = data.states[step.given];
      const [then, thenCode] = data.states[step.then];
      list.append(
        element(
          "li",
          {},
          element("span", { class: "keyword", text: "Given " }),
          element("span", { text: given }),
          " ",
          element("code", { text: givenCode }),
          element("br"),
          element("span", { class: "keyword", text: "When " }),
          element("span", { text: eventWords(step.event) }),
          " ",
          element("code", { text: step.event[1] }),
          element("br"),
          element("span", { class: "keyword", text: "Then " }),
          element("span", { text: then }),
          " ",
          element("code", { text: thenCode }),
        ),
      );
    }
    const input = path.i >= 0 ? data.inputs[path.i] : null;
    return element(
      "div",
      { class: "path-body" },
      element(
        "p",
        {},
        `Starts: ${start} `,
        element("code", { text: startCode }),
        ...(input ? [element("br"), "Input: ", element("code", { text: input })] : []),
      ),
      path.e.length === 0 ? element("p", { text: "Nothing happens." }) : list,
    );
  };

  // A path's Given / When / Then is drawn when it is first opened, so long groups stay light.
  const pathItem = (data, path) => {
    const summaryText =
      path.e.length === 0
        ? "the start"
        : steps(data, path)
            .map((step) => eventWords(step.event))
            .join(" → ");
    const details = element(
      "details",
      {},
      element("summary", {}, element("strong", { text: `Path ${path.n}: ` }), summaryText),
    );
    details.addEventListener("toggle", () => {
      if (!details.open || details.querySelector(".path-body")) return;
      const body = gwt(data, path);
      const link = element("a", { href: `#path-${path.n}`, text: "Link to this path" });
      const print = element("button", {
        type: "button",
        class: "print",
        text: "Print as Given / When / Then",
      });
      print.addEventListener("click", () => printPath(path.n, body));
      body.append(element("p", { class: "path-actions" }, link, " ", print));
      details.append(body);
    });
    return element("li", { id: `path-${path.n}` }, details);
  };

  const printPath = (number, body) => {
    document.getElementById("print-sheet")?.remove();
    const sheet = element(
      "div",
      { id: "print-sheet" },
      element("h1", { text: `${document.querySelector("h1")?.textContent ?? machine}: path ${number}` }),
      body.cloneNode(true),
    );
    sheet.querySelector(".path-actions")?.remove();
    document.body.append(sheet);
    document.body.classList.add("printing");
    window.print();
  };
  window.addEventListener("afterprint", () => {
    document.body.classList.remove("printing");
    document.getElementById("print-sheet")?.remove();
  });

  /** Draws a group's paths up to `until` (a path number) or the next page. */
  const fillGroup = async (details, until = null) => {
    const data = await load();
    const end = Number(details.dataset.end);
    const list = details.querySelector("ol.paths");
    const members = data.paths.filter((path) => endOf(path) === end);
    let shown = list.querySelectorAll(":scope > li[id]").length;
    const target = until === null ? -1 : members.findIndex((path) => path.n === until);
    const upTo = Math.max(Math.min(members.length, shown + (shown === 0 ? pageSize : 0)), target + 1);
    list.querySelector(":scope > li.more")?.remove();
    for (; shown < upTo; shown++) list.append(pathItem(data, members[shown]));
    if (shown < members.length) {
      const more = element("button", {
        type: "button",
        text: `Show ${Math.min(pageSize, members.length - shown)} more (${members.length - shown} not shown yet)`,
      });
      more.addEventListener("click", () => {
        list.querySelector(":scope > li.more")?.remove();
        const next = members.slice(shown, shown + pageSize);
        for (const path of next) list.append(pathItem(data, path));
        shown += next.length;
        if (shown < members.length) fillGroup(details, members[shown - 1].n);
      });
      list.append(element("li", { class: "more" }, more));
    }
    details.dataset.loaded = "true";
  };

  for (const details of section.querySelectorAll("details.group")) {
    details.addEventListener("toggle", () => {
      if (details.open && !details.dataset.loaded) fillGroup(details);
    });
  }

  const search = section.querySelector("#path-search");
  const output = section.querySelector(".matches");
  const results = section.querySelector("ol.results");
  const groups = section.querySelector("ul.groups");
  let query = 0;
  search?.addEventListener("input", async () => {
    const terms = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    const mine = ++query;
    if (terms.length === 0) {
      results.hidden = true;
      results.replaceChildren();
      groups.hidden = false;
      output.textContent = "";
      return;
    }
    const data = await load();
    if (mine !== query) return;
    const matches = data.paths.filter((path) => terms.every((term) => textOf(data, path).includes(term)));
    results.replaceChildren(...matches.slice(0, maxResults).map((path) => pathItem(data, path)));
    results.hidden = false;
    groups.hidden = true;
    output.textContent =
      matches.length > maxResults
        ? `${matches.length} paths match; the first ${maxResults} are shown`
        : `${matches.length} ${matches.length === 1 ? "path matches" : "paths match"}`;
  });

  const openLinked = async () => {
    const match = /^#path-(\d+)$/.exec(window.location.hash);
    if (!match) return;
    const number = Number(match[1]);
    const data = await load();
    const path = data.paths.find((item) => item.n === number);
    if (!path) return;
    const details = section.querySelector(`details.group[data-end="${endOf(path)}"]`);
    if (!details) return;
    if (search?.value) {
      search.value = "";
      search.dispatchEvent(new Event("input"));
    }
    details.open = true;
    await fillGroup(details, number);
    const item = document.getElementById(`path-${number}`);
    const inner = item?.querySelector("details");
    if (!item || !inner) return;
    inner.open = true;
    item.dataset.linked = "true";
    item.scrollIntoView({ block: "start" });
    inner.querySelector("summary")?.focus();
  };
  window.addEventListener("hashchange", openLinked);
  openLinked();
}

for (const figure of document.querySelectorAll("figure.diagram")) setUpChart(figure);
for (const section of document.querySelectorAll(".paths-section")) setUpPaths(section);
