// Live search on the home page (bundled to /assets/search.js). It reads the
// static search index (derive/search-static.ts) instead of the rate-limited
// list API, so typing never spends the API's budget, and it ranks with the
// API's own core, so it lists what GET /api/v1/devices?q= lists, in the same
// order. Without this script the form still submits to the API. Record text
// is only ever set as textContent.
import { staticSearch, type Answer } from "../derive/search-static.ts";

const form = document.querySelector<HTMLFormElement>("form[data-index]");
const input = document.getElementById("q") as HTMLInputElement | null;
const section = document.getElementById("search-results");
const list = document.getElementById("results-list");
const status = document.getElementById("results-status");
const more = document.getElementById("results-more");
/** Results shown at a time. */
const PAGE = 20;

if (form && input && section && list && status && more) {
  const index = form.dataset.index!;
  const pages = form.dataset.pages!;
  const { search, cardsOf } = staticSearch(async (path) => {
    const res = await fetch(index + path);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return path.endsWith(".json") ? res.json() : res.text();
  });
  let timer = 0;
  /** Each search gets a number; only the latest one may write the results. */
  let latest = 0;
  let shown = 0;

  const say = (text: string) => (status.textContent = text);
  const count = (n: number) => n.toLocaleString("en");

  async function show(q: string, want: number): Promise<void> {
    const ticket = ++latest;
    section!.classList.remove("hidden");
    say("Searching…");
    let answer: Answer;
    let cards: Awaited<ReturnType<typeof cardsOf>>;
    try {
      answer = await search(q, want);
      cards = await cardsOf(answer.results);
    } catch {
      if (ticket === latest) say("The search could not load its index. Check your connection and try again.");
      return;
    }
    if (ticket !== latest) return;
    list!.replaceChildren(
      ...answer.results.map((r) => {
        const [name, manufacturer, models, label] = cards.get(r.slug)!;
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.href = pages + r.slug;
        a.textContent = name;
        li.append(a, document.createTextNode(` (${manufacturer}${models.length ? `; ${models.join(", ")}` : ""}): ${label}`));
        return li;
      }),
    );
    shown = answer.results.length;
    more!.classList.toggle("hidden", !answer.more);
    const typed = input!.value.trim();
    if (answer.total === 0) say(`No device matches “${typed}”.`);
    else if (answer.total === null) say(`Too many devices match each word of “${typed}” to list them here. Type more of a name or model number.`);
    else if (answer.narrower) say(`Showing ${count(shown)} of ${count(answer.total)} matching devices. Type more of a name or model number to see the others.`);
    else say(`Showing ${count(shown)} of ${answer.atLeast ? "at least " : ""}${count(answer.total)} matching devices.`);
  }

  function searchNow(): void {
    clearTimeout(timer);
    const q = input!.value.trim();
    if (!q) {
      latest++;
      section!.classList.add("hidden");
      return;
    }
    void show(q, PAGE);
  }

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = window.setTimeout(searchNow, 200);
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    searchNow();
  });
  more.addEventListener("click", () => void show(input.value.trim(), shown + PAGE));
}
