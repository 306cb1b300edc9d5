// Live search on the home page: the list API (GET /api/v1/devices?q=) as you
// type, rendered as links to device pages. Without this script the form still
// submits to the API. Record text is only ever set as textContent.
const form = document.querySelector("form[data-api]");
const input = document.getElementById("q");
const section = document.getElementById("search-results");
const list = document.getElementById("results-list");
const status = document.getElementById("results-status");
const more = document.getElementById("results-more");
const PAGE = 20;
let controller = null;
let timer = 0;
let next = null;
let shown = 0;

function render(devices, append) {
  if (!append) {
    list.replaceChildren();
    shown = 0;
  }
  for (const d of devices) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = d.links.page;
    a.textContent = d.name;
    const models = d.variants.map((v) => v.model).join(", ");
    li.append(a, document.createTextNode(` (${d.manufacturer}${models ? `; ${models}` : ""}): ${d.verdict.label}`));
    list.append(li);
  }
  shown += devices.length;
}

async function search(url, append) {
  controller?.abort();
  controller = new AbortController();
  section.classList.remove("hidden");
  status.textContent = "Searching…";
  try {
    const res = await fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } });
    if (res.status === 429) {
      status.textContent = `Too many searches in a minute; try again in ${res.headers.get("Retry-After") ?? "a few"} seconds.`;
      return;
    }
    const body = await res.json();
    if (!res.ok) {
      status.textContent = body.detail ?? "The search failed.";
      return;
    }
    render(body.devices, append);
    next = body.meta.next;
    more.classList.toggle("hidden", !next);
    status.textContent = body.meta.total === 0 ? `No device matches “${input.value.trim()}”.` : `Showing ${shown} of ${body.meta.total} matching devices.`;
  } catch (e) {
    if (e.name !== "AbortError") status.textContent = "The search could not reach the API. Check your connection and try again.";
  }
}

function searchNow() {
  clearTimeout(timer);
  const q = input.value.trim();
  if (!q) {
    controller?.abort();
    section.classList.add("hidden");
    return;
  }
  const url = new URL(form.dataset.api);
  url.searchParams.set("q", q);
  url.searchParams.set("limit", String(PAGE));
  search(url, false);
}

input.addEventListener("input", () => {
  clearTimeout(timer);
  timer = setTimeout(searchNow, 200);
});
form.addEventListener("submit", (e) => {
  e.preventDefault();
  searchNow();
});
more.addEventListener("click", () => next && search(next, true));
