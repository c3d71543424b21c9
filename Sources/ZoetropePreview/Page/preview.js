// SPDX-License-Identifier: Apache-2.0
// The preview page: frame view, timeline, layer tree, inspector, live reload. Plain JavaScript, no build step.
"use strict";

const $ = (id) => document.getElementById(id);

/** Everything the page knows; the server is the source of truth. */
const state = {
  scene: null,          // GET /scene.json
  version: 0,
  time: 0,              // the playhead, clip seconds
  frame: 0,             // the playhead's frame index (time = frame / fps while on a frame)
  selected: null,       // the selected layer's JSON path
  hovered: null,        // the hovered row's layer index
  geometry: null,       // GET /geometry.json at the shown time
  inspection: null,     // GET /inspect.json at the shown time
  shownTime: null,      // the time of the frame on the canvas
  playing: false,
  problem: null,
  deviceScale: 1,
  golden: null,         // GET /golden.json, when the server has --golden
};

// ---------------------------------------------------------------------------
// Frames: fetched as PNG, decoded once, kept by version, scale and frame.

const frames = new Map();       // key → Promise<ImageBitmap>
const maximumCachedFrames = 360;

function frameKey(time) { return `${state.version}/${state.deviceScale}/${time}`; }

function frameURL(time) {
  return `/frame.png?t=${encodeURIComponent(time)}` + (state.deviceScale !== 1 ? `&scale=${state.deviceScale}` : "");
}

/** The decoded frame at `time`, fetched once. */
function fetchFrame(time) {
  const key = frameKey(time);
  let entry = frames.get(key);
  if (!entry) {
    entry = fetch(frameURL(time)).then(async (response) => {
      if (!response.ok) {
        const body = await response.json().catch(() => ({ error: response.statusText }));
        throw new Error(body.error || response.statusText);
      }
      return createImageBitmap(await response.blob());
    });
    entry.catch(() => frames.delete(key));
    frames.set(key, entry);
    while (frames.size > maximumCachedFrames) frames.delete(frames.keys().next().value);
  }
  return entry;
}

let drawRequest = 0;

/** Shows the frame at the playhead once it is decoded; later requests win. */
async function showFrame() {
  const time = state.time;
  const request = ++drawRequest;
  try {
    const bitmap = await fetchFrame(time);
    if (request !== drawRequest) return;
    const canvas = $("frame");
    if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      layoutPaper();
    }
    const context = canvas.getContext("2d");
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0);
    state.shownTime = time;
    $("frame-error").hidden = true;
    document.body.dataset.shownTime = String(time);
    document.body.dataset.shownVersion = String(state.version);
    if (!state.playing) refreshDetails();
    else drawOutlines();
  } catch (error) {
    if (request !== drawRequest) return;
    $("frame-error").textContent = `Frame at ${time} s: ${error.message}`;
    $("frame-error").hidden = false;
  }
}

/** Fetches the next frames in the background while playing. */
function prefetch(count) {
  const { frameCount } = state.scene.canvas;
  for (let i = 1; i <= count; i++) {
    const next = nextFrameIndex(state.frame, i, frameCount);
    if (next !== null) fetchFrame(timeOfFrame(next));
  }
}

// ---------------------------------------------------------------------------
// Time: frames, the playhead, stepping, the loop range.

function fps() { return state.scene ? state.scene.canvas.fps : 30; }
function timeOfFrame(index) { return index / fps(); }
function frameOfTime(time) { return Math.max(0, Math.round(time * fps() * 1e6) / 1e6 | 0); }
function lastFrame() { return state.scene ? Math.max(0, state.scene.canvas.frameCount - 1) : 0; }

function loopRange() {
  const inTime = Number($("loop-in").value), outTime = Number($("loop-out").value);
  const first = Number.isFinite(inTime) ? Math.min(lastFrame(), Math.max(0, Math.ceil(inTime * fps() - 1e-9))) : 0;
  const last = Number.isFinite(outTime) ? Math.min(lastFrame(), Math.max(first, Math.floor(outTime * fps() + 1e-9))) : lastFrame();
  return { first, last };
}

function nextFrameIndex(index, step, frameCount) {
  if ($("loop").checked || state.playing) {
    const { first, last } = loopRange();
    const span = last - first + 1;
    if (index < first || index > last) return first;
    return first + ((index - first + step) % span + span) % span;
  }
  const next = index + step;
  return next < 0 || next >= frameCount ? null : next;
}

/** Moves the playhead to frame `index` (clamped to the clip). */
function seekFrame(index) {
  state.frame = Math.min(lastFrame(), Math.max(0, index));
  seekTime(timeOfFrame(state.frame), true);
}

/** Moves the playhead to `time` seconds; `onFrame` when it is a frame's time. */
function seekTime(time, onFrame) {
  state.time = time;
  if (!onFrame) state.frame = frameOfTime(time);
  updateClock();
  showFrame();
}

function step(by) {
  pause();
  const next = state.frame + by;
  seekFrame(next);
}

function updateClock() {
  const active = document.activeElement === $("time");
  if (!active) $("time").value = String(Math.round(state.time * 1e6) / 1e6);
  const count = state.scene ? state.scene.canvas.frameCount : 0;
  $("frame-number").textContent = `frame ${state.frame} of ${count} (${fps()} fps)`;
  const ruler = $("ruler");
  const duration = state.scene ? state.scene.canvas.duration : 1;
  $("playhead").style.left = `${(state.time / duration) * 100}%`;
  ruler.setAttribute("aria-valuenow", String(state.time));
  updateStillLink();
  document.body.dataset.time = String(state.time);
}

// ---------------------------------------------------------------------------
// Playback at the clip's frame rate, frames ahead fetched and kept.

let playStart = 0, playStartFrame = 0, playTimer = 0;

function play() {
  if (!state.scene || state.playing) return;
  state.playing = true;
  $("play").textContent = "⏸";
  playStart = performance.now();
  playStartFrame = state.frame;
  prefetch(Math.min(30, lastFrame() + 1));
  playTimer = requestAnimationFrame(tick);
}

function pause() {
  if (!state.playing) return;
  state.playing = false;
  $("play").textContent = "▶";
  cancelAnimationFrame(playTimer);
  refreshDetails();
}

async function tick(now) {
  if (!state.playing) return;
  const elapsedFrames = Math.floor(((now - playStart) / 1000) * fps());
  let target = playStartFrame;
  for (let i = 0; i < elapsedFrames; i++) target = nextFrameIndex(target, 1, state.scene.canvas.frameCount);
  if (target !== state.frame) {
    // Hold on a frame that has not arrived yet, rather than skip past it.
    const ready = await Promise.race([fetchFrame(timeOfFrame(target)).then(() => true, () => true),
                                      new Promise((resolve) => setTimeout(() => resolve(false), 0))]);
    if (ready) {
      state.frame = target;
      seekFrame(target);
      prefetch(12);
    } else {
      playStart = now - ((target === playStartFrame ? 0 : 1) * 1000) / fps();
      playStartFrame = state.frame;
    }
  }
  playTimer = requestAnimationFrame(tick);
}

// ---------------------------------------------------------------------------
// The frame view: fit or zoom, checkerboard, device scale.

function layoutPaper() {
  const canvas = $("frame");
  const zoom = $("zoom").value;
  const viewport = $("viewport");
  // CSS pixels per frame pixel: the device scale shows the same size at any scale.
  let factor;
  if (zoom === "fit") {
    const width = canvas.width / state.deviceScale, height = canvas.height / state.deviceScale;
    factor = Math.min((viewport.clientWidth - 24) / width, (viewport.clientHeight - 24) / height) / state.deviceScale;
  } else {
    factor = Number(zoom) / state.deviceScale;
  }
  if (!(factor > 0)) factor = 1;
  const width = canvas.width * factor, height = canvas.height * factor;
  const paper = $("paper");
  paper.style.width = `${width}px`;
  paper.style.height = `${height}px`;
  canvas.classList.toggle("pixelated", factor * devicePixelRatio >= 2);
  const svg = $("outlines");
  svg.setAttribute("viewBox", `0 0 ${canvas.width} ${canvas.height}`);
  drawOutlines();
}

// ---------------------------------------------------------------------------
// The layer tree, linked both ways with the canvas.

function layerByIndex(index) { return state.scene && state.scene.layers[index]; }
function layerByPath(path) { return state.scene && state.scene.layers.find((layer) => layer.path === path); }

function buildTree() {
  const list = $("tree");
  list.textContent = "";
  for (const layer of state.scene.layers) {
    const row = document.createElement("li");
    row.className = "layer-row";
    row.dataset.index = String(layer.index);
    row.dataset.path = layer.path;
    row.style.paddingLeft = `${0.5 + layer.depth * 0.9}em`;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = layer.index === 0 ? "root" : (layer.name ?? "(unnamed)");
    const kind = document.createElement("span");
    kind.className = "kind";
    kind.textContent = layer.isMask ? `${layer.kind} · mask` : layer.kind;
    const path = document.createElement("span");
    path.className = "path";
    path.textContent = layer.path;
    row.append(name, kind, path);
    row.addEventListener("mouseenter", () => { state.hovered = layer.index; drawOutlines(); });
    row.addEventListener("mouseleave", () => { state.hovered = null; drawOutlines(); });
    row.addEventListener("click", () => select(layer.path));
    list.append(row);
  }
  markSelection();
}

function select(path) {
  state.selected = path;
  markSelection();
  drawOutlines();
  showInspector();
}

function markSelection() {
  for (const row of document.querySelectorAll(".layer-row")) {
    const selected = row.dataset.path === state.selected;
    row.classList.toggle("selected", selected);
    if (selected) row.scrollIntoView({ block: "nearest" });
  }
  document.body.dataset.selected = state.selected ?? "";
}

/** The frame's pixel under a mouse event, in geometry coordinates (the canvas scale). */
function framePoint(event) {
  const canvas = $("frame");
  const box = canvas.getBoundingClientRect();
  const x = ((event.clientX - box.left) / box.width) * canvas.width / state.deviceScale;
  const y = ((event.clientY - box.top) / box.height) * canvas.height / state.deviceScale;
  return { x, y };
}

function contains(corners, point) {
  if (corners.some((value) => value === null)) return false;
  // The quad is convex (an affine or projected rectangle): the point is on the same side of every edge.
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const ax = corners[2 * i], ay = corners[2 * i + 1];
    const bx = corners[(2 * i + 2) % 8], by = corners[(2 * i + 3) % 8];
    const cross = (bx - ax) * (point.y - ay) - (by - ay) * (point.x - ax);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return sign !== 0;
}

/** The topmost shown layer under `point`: the last in paint order whose bounds hold it. */
function layerAt(point) {
  if (!state.geometry) return null;
  const layers = state.geometry.layers;
  for (let i = layers.length - 1; i >= 0; i--) {
    const entry = layers[i];
    if (entry.index !== 0 && entry.shows && contains(entry.corners, point)) return entry.index;
  }
  return 0;
}

function drawOutlines() {
  const svg = $("outlines");
  svg.textContent = "";
  if (!state.geometry || !state.scene) return;
  const scale = state.deviceScale;
  const add = (index, className) => {
    const entry = state.geometry.layers.find((layer) => layer.index === index);
    if (!entry || entry.corners.some((value) => value === null)) return;
    const polygon = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
    const points = [];
    for (let i = 0; i < 4; i++) points.push(`${entry.corners[2 * i] * scale},${entry.corners[2 * i + 1] * scale}`);
    polygon.setAttribute("points", points.join(" "));
    polygon.setAttribute("class", className);
    polygon.setAttribute("vector-effect", "non-scaling-stroke");
    svg.append(polygon);
  };
  const selected = state.selected && layerByPath(state.selected);
  if (selected) add(selected.index, "selected");
  if (state.hovered !== null) add(state.hovered, "hovered");
}

// ---------------------------------------------------------------------------
// The inspector: presentation values and the animations acting, at the playhead.

let detailsRequest = 0;

/** Fetches the geometry and inspection at the shown time, then redraws outlines and inspector. */
async function refreshDetails() {
  const time = state.time, version = state.version;
  const request = ++detailsRequest;
  try {
    const [geometry, inspection] = await Promise.all([
      fetch(`/geometry.json?t=${encodeURIComponent(time)}`).then((r) => r.ok ? r.json() : null),
      fetch(`/inspect.json?t=${encodeURIComponent(time)}`).then((r) => r.ok ? r.json() : null),
    ]);
    if (request !== detailsRequest || version !== state.version) return;
    state.geometry = geometry;
    state.inspection = inspection;
    drawOutlines();
    showInspector();
    showGolden();
  } catch (error) {
    // The next change of time or version fetches again.
  }
}

function formatValue(value) {
  if (typeof value === "number") return String(Math.round(value * 1e6) / 1e6);
  return JSON.stringify(value, (key, v) => (typeof v === "number" ? Math.round(v * 1e6) / 1e6 : v));
}

function showInspector() {
  const layer = state.selected && layerByPath(state.selected);
  const selection = $("selection"), acting = $("acting"), values = $("values");
  acting.textContent = "";
  values.textContent = "";
  if (!layer) {
    selection.textContent = "Click a layer on the frame or in the tree.";
    return;
  }
  selection.textContent = "";
  const title = document.createElement("div");
  title.className = "title";
  title.textContent = `${layer.index === 0 ? "root" : layer.name ?? "(unnamed)"} · ${layer.kind}`;
  const path = document.createElement("code");
  path.textContent = layer.path;
  selection.append(title, path);
  const entry = state.geometry && state.geometry.layers.find((item) => item.index === layer.index);
  if (entry) {
    const local = document.createElement("div");
    local.textContent = `local time ${formatValue(entry.localTime)} s at ${formatValue(state.time)} s`;
    selection.append(local);
  }
  layer.animations.forEach((bar, i) => {
    const item = document.createElement("li");
    const now = entry && entry.animations[i];
    const name = bar.key ? `${bar.key} (${bar.keyPath})` : bar.keyPath;
    item.textContent = now
      ? `${name}: local time ${formatValue(now.localTime)} s, iteration ${now.iteration}, progress ${formatValue(now.progress)}`
      : `${name}: not acting at this time`;
    item.classList.toggle("idle", !now);
    acting.append(item);
  });
  if (layer.animations.length === 0) acting.innerHTML = "<li class=\"idle\">none</li>";
  const inspected = state.inspection && state.inspection.layers.find((item) => item.path === layer.path && !item.instance);
  if (!inspected) return;
  for (const [key, value] of Object.entries(inspected.properties)) {
    const row = document.createElement("tr");
    const name = document.createElement("th");
    name.textContent = key;
    const cell = document.createElement("td");
    cell.textContent = formatValue(value);
    row.append(name, cell);
    values.append(row);
  }
}

// ---------------------------------------------------------------------------
// The timeline: a ruler to scrub, one bar per animation grouped by layer.

/** Second marks on the ruler: every 0.1, 0.5, 1, 5 … s, whichever gives at most 20. */
function buildTicks() {
  const ticks = $("ticks");
  ticks.textContent = "";
  const duration = state.scene.canvas.duration;
  const step = [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 600, 3600].find((s) => duration / s <= 20) ?? duration / 10;
  for (let t = 0; t <= duration + 1e-9; t += step) {
    const tick = document.createElement("span");
    tick.className = "tick";
    tick.style.left = `${(t / duration) * 100}%`;
    tick.textContent = `${Math.round(t * 100) / 100}`;
    ticks.append(tick);
  }
}

function buildTimeline() {
  buildTicks();
  const container = $("bars");
  container.textContent = "";
  const { duration, sampleStep } = state.scene.canvas;
  for (const layer of state.scene.layers) {
    if (layer.animations.length === 0) continue;
    const group = document.createElement("div");
    group.className = "layer-group";
    group.dataset.path = layer.path;
    const heading = document.createElement("div");
    heading.className = "group-label";
    heading.textContent = layer.index === 0 ? "root" : (layer.name ?? layer.path);
    heading.addEventListener("click", () => select(layer.path));
    group.append(heading);
    for (const bar of layer.animations) {
      const row = document.createElement("div");
      row.className = "track";
      const label = document.createElement("div");
      label.className = "label";
      label.textContent = bar.key ? `${bar.key} · ${bar.keyPath}` : bar.keyPath;
      label.title = describeTiming(bar);
      const lane = document.createElement("div");
      lane.className = "lane";
      const canvas = document.createElement("canvas");
      canvas.className = "bar";
      canvas.height = 14;
      canvas.width = Math.max(1, bar.progress ? bar.progress.length : 1);
      paintBar(canvas, bar);
      lane.append(canvas);
      if (bar.begin !== null && bar.begin >= 0 && bar.begin <= duration) {
        const start = document.createElement("div");
        start.className = "begin";
        start.style.left = `${(bar.begin / duration) * 100}%`;
        lane.append(start);
      }
      row.append(label, lane);
      group.append(row);
      lane.title = describeTiming(bar);
      void sampleStep;
    }
    container.append(group);
  }
  attachScrubbing(container);
}

function describeTiming(bar) {
  const parts = [`beginTime ${bar.beginTime}`, `duration ${bar.duration}`];
  if (bar.speed !== 1) parts.push(`speed ${bar.speed}`);
  if (bar.timeOffset) parts.push(`timeOffset ${bar.timeOffset}`);
  if (bar.repeatCount) parts.push(`repeatCount ${bar.repeatCount ?? "infinity"}`);
  if (bar.repeatDuration) parts.push(`repeatDuration ${bar.repeatDuration}`);
  if (bar.autoreverses) parts.push("autoreverses");
  parts.push(`fillMode ${bar.fillMode}`);
  if (!bar.removedOnCompletion) parts.push("removedOnCompletion false");
  return parts.join(", ");
}

/** One pixel column per sample: the progress as a gradient from yellow to blue (docs/timing.md's figures). */
function paintBar(canvas, bar) {
  const context = canvas.getContext("2d");
  if (!bar.progress) {
    context.fillStyle = "#c8ccd2";
    context.fillRect(0, 4, canvas.width, 6);
    return;
  }
  const from = [255, 185, 0], to = [74, 165, 227];
  bar.progress.forEach((p, x) => {
    if (p === null) return;
    const c = from.map((value, i) => Math.round(value + (to[i] - value) * p));
    context.fillStyle = `rgb(${c[0]},${c[1]},${c[2]})`;
    context.fillRect(x, 0, 1, canvas.height);
  });
}

function attachScrubbing(element) {
  element.addEventListener("pointerdown", (event) => {
    if (event.target.closest(".label, .group-label")) return;
    const lane = $("ruler");
    const scrub = (e) => {
      const box = lane.getBoundingClientRect();
      const fraction = Math.min(1, Math.max(0, (e.clientX - box.left) / box.width));
      pause();
      seekFrame(Math.round(fraction * state.scene.canvas.duration * fps()));
    };
    element.setPointerCapture(event.pointerId);
    scrub(event);
    const move = (e) => scrub(e);
    const up = () => {
      element.removeEventListener("pointermove", move);
      element.removeEventListener("pointerup", up);
      element.removeEventListener("pointercancel", up);
    };
    element.addEventListener("pointermove", move);
    element.addEventListener("pointerup", up);
    element.addEventListener("pointercancel", up);
  });
}

function drawLoopRange() {
  if (!state.scene) return;
  const { first, last } = loopRange();
  const duration = state.scene.canvas.duration;
  const range = $("loop-range");
  range.hidden = !$("loop").checked;
  range.style.left = `${(timeOfFrame(first) / duration) * 100}%`;
  range.style.width = `${((timeOfFrame(last) - timeOfFrame(first) + 1 / fps()) / duration) * 100}%`;
}

// ---------------------------------------------------------------------------
// Live reload: Server-Sent Events say when a version decodes or a save is refused.

async function loadScene() {
  const response = await fetch("/scene.json");
  if (!response.ok) return false;
  const scene = await response.json();
  const first = state.scene === null;
  state.scene = scene;
  state.version = scene.version;
  $("file").textContent = scene.file;
  $("version").textContent = `version ${scene.version}`;
  document.title = `${scene.file.split("/").pop()} · zoetrope preview`;
  if (first || !$("loop-out").value) $("loop-out").value = String(scene.canvas.duration);
  // The playhead and the selection stay across a reload (a layer is found again by its path).
  if (state.selected && !layerByPath(state.selected)) state.selected = null;
  frames.clear();
  $("ruler").setAttribute("aria-valuemax", String(scene.canvas.duration));
  buildTree();
  buildTimeline();
  drawLoopRange();
  state.frame = Math.min(state.frame, lastFrame());
  updateClock();
  layoutPaper();
  showFrame();
  return true;
}

function showProblem(problem) {
  state.problem = problem;
  const overlay = $("overlay");
  overlay.hidden = !problem;
  document.body.dataset.problem = problem ? "1" : "";
  if (!problem) return;
  $("overlay-file").textContent = problem.file;
  const list = $("overlay-problems");
  list.textContent = "";
  for (const item of problem.problems) {
    const row = document.createElement("li");
    const path = document.createElement("code");
    path.textContent = item.path || "(the file)";
    row.append(path, document.createTextNode(`: ${item.message}`));
    list.append(row);
  }
  if (problem.more > 0) {
    const more = document.createElement("li");
    more.textContent = `… and ${problem.more} more`;
    list.append(more);
  }
}

function listen() {
  const events = new EventSource("/events");
  events.addEventListener("scene", async (event) => {
    const { version } = JSON.parse(event.data);
    showProblem(null);
    if (version !== state.version) await loadScene();
  });
  events.addEventListener("problem", (event) => showProblem(JSON.parse(event.data)));
  events.addEventListener("golden", (event) => { state.golden = JSON.parse(event.data); showGolden(); });
  events.addEventListener("export", (event) => window.dispatchEvent(new CustomEvent("zoetrope-export", { detail: JSON.parse(event.data) })));
}

// ---------------------------------------------------------------------------
// Golden frames (--golden DIR): expected, actual and difference at the playhead; differing frames on the ruler.

function goldenFrameAt(time) {
  if (!state.golden) return null;
  const index = Math.round(time * fps());
  return Math.abs(index / fps() - time) < 1e-9 && state.golden.frames.includes(index) ? index : null;
}

function showGolden() {
  const section = $("golden");
  section.hidden = !state.golden;
  if (!state.golden) return;
  const marks = $("marks");
  marks.textContent = "";
  const duration = state.scene ? state.scene.canvas.duration : 1;
  for (const index of state.golden.differing) {
    const mark = document.createElement("div");
    mark.className = "mark";
    mark.style.left = `${(index / fps() / duration) * 100}%`;
    mark.title = `frame ${index} differs from its expected frame`;
    marks.append(mark);
  }
  const { frames, differing, compared } = state.golden;
  $("golden-status").textContent = compared < frames.length
    ? `golden: ${compared} of ${frames.length} frames compared, ${differing.length} differ`
    : `golden: ${differing.length} of ${frames.length} frames differ`;
  const index = goldenFrameAt(state.time);
  const verdict = $("golden-verdict");
  for (const id of ["golden-expected", "golden-actual", "golden-diff"]) $(id).hidden = index === null;
  if (index === null) {
    verdict.textContent = "No expected frame at this time.";
    return;
  }
  verdict.textContent = differing.includes(index) ? `Frame ${index} differs.` : `Frame ${index}` +
    (compared < frames.length ? "." : " matches.");
  const time = encodeURIComponent(state.time);
  const version = state.version;
  $("golden-expected").src = `/golden/expected.png?t=${time}&v=${version}`;
  $("golden-actual").src = `/frame.png?t=${time}&v=${version}`;
  $("golden-diff").src = `/golden/diff.png?t=${time}&v=${version}`;
}

async function loadGolden() {
  const response = await fetch("/golden.json");
  if (!response.ok) return;
  state.golden = await response.json();
  showGolden();
}

// ---------------------------------------------------------------------------
// Export: a still at the playhead, or the clip rendered on the server with its progress streamed.

function updateStillLink() {
  const link = $("export-still");
  link.href = frameURL(state.time);
  const base = state.scene ? state.scene.file.split("/").pop().replace(/\.[^.]*$/, "") : "frame";
  link.download = `${base}-${Math.round(state.time * 1000) / 1000}s.png`;
}

async function startExport() {
  const format = $("export-format").value;
  $("export-status").textContent = "starting…";
  $("export-download").hidden = true;
  const response = await fetch("/export", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ format, scale: state.deviceScale }),
  });
  const reply = await response.json();
  if (!response.ok) {
    $("export-status").textContent = reply.error;
    return;
  }
  state.exportId = reply.id;
  $("export-progress").hidden = false;
  $("export-progress").value = 0;
  $("export-cancel").hidden = false;
  $("export-start").disabled = true;
}

function showExport(event) {
  if (event.id !== state.exportId) return;
  const status = $("export-status");
  if (event.state === "running") {
    $("export-progress").value = event.fraction;
    const pass = event.passes > 1 ? ` (pass ${event.pass} of ${event.passes})` : "";
    status.textContent = `frame ${event.frame} of ${event.frames}${pass}`;
    return;
  }
  $("export-progress").hidden = true;
  $("export-cancel").hidden = true;
  $("export-start").disabled = false;
  if (event.state === "done") {
    const link = $("export-download");
    link.href = event.url;
    link.download = event.name;
    link.hidden = false;
    status.textContent = event.name;
  } else {
    status.textContent = `not rendered: ${event.error}`;
  }
  document.body.dataset.export = event.state;
}

// ---------------------------------------------------------------------------
// Controls and keys.

function bindControls() {
  $("export-start").addEventListener("click", startExport);
  $("export-cancel").addEventListener("click", () => fetch("/export/cancel", { method: "POST" }));
  window.addEventListener("zoetrope-export", (event) => showExport(event.detail));
  $("play").addEventListener("click", () => (state.playing ? pause() : play()));
  $("back").addEventListener("click", (event) => step(event.shiftKey ? -10 : -1));
  $("forward").addEventListener("click", (event) => step(event.shiftKey ? 10 : 1));
  $("time").addEventListener("change", () => {
    const time = Number($("time").value);
    if (Number.isFinite(time)) { pause(); seekTime(time, false); }
  });
  $("zoom").addEventListener("change", layoutPaper);
  $("device-scale").addEventListener("change", () => {
    state.deviceScale = Number($("device-scale").value);
    frames.clear();
    showFrame();
  });
  $("checkerboard").addEventListener("change", () => {
    $("paper").classList.toggle("checkerboard", $("checkerboard").checked);
  });
  $("paper").classList.toggle("checkerboard", $("checkerboard").checked);
  for (const id of ["loop", "loop-in", "loop-out"]) $(id).addEventListener("change", drawLoopRange);
  attachScrubbing($("ruler"));
  const canvas = $("frame");
  canvas.addEventListener("click", (event) => {
    const index = layerAt(framePoint(event));
    if (index !== null) select(layerByIndex(index).path);
  });
  canvas.addEventListener("mousemove", (event) => {
    const index = layerAt(framePoint(event));
    canvas.title = index !== null && layerByIndex(index) ? layerByIndex(index).path : "";
  });
  window.addEventListener("resize", layoutPaper);
  window.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (!state.scene) return;
    if (event.key === "ArrowRight") { step(event.shiftKey ? 10 : 1); event.preventDefault(); }
    else if (event.key === "ArrowLeft") { step(event.shiftKey ? -10 : -1); event.preventDefault(); }
    else if (event.key === " ") { state.playing ? pause() : play(); event.preventDefault(); }
    else if (event.key === "Home") { pause(); seekFrame(0); }
    else if (event.key === "End") { pause(); seekFrame(lastFrame()); }
    else if (event.key === "i") { $("loop-in").value = String(state.time); $("loop").checked = true; drawLoopRange(); }
    else if (event.key === "o") { $("loop-out").value = String(state.time); $("loop").checked = true; drawLoopRange(); }
  });
}

async function start() {
  bindControls();
  listen();
  const status = await fetch("/status.json").then((r) => r.json());
  if (status.problem) showProblem(status.problem);
  if (status.version > 0) await loadScene();
  await loadGolden();
  document.body.dataset.ready = "1";
}

/** For scripts driving the page (the browser test): seek to `time` and resolve once its frame is drawn. */
window.zoetropePreview = {
  state,
  seek(time) { pause(); seekTime(time, false); },
  seekFrame,
  layerAt: (x, y) => layerAt({ x, y }),
};

start();
