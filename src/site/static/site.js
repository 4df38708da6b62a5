// toolatlas public site: progressive enhancement only. Every page works without this script;
// it reveals the copy buttons of install configs and copies the text of their <pre>, and
// reveals the review form of tool and server pages and sends it to the REST API with the
// visitor's API key (never stored by this script).
"use strict";
(() => {
  const fallbackCopy = (text) => {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    document.body.removeChild(area);
    return ok ? Promise.resolve() : Promise.reject(new Error("copy failed"));
  };

  const copy = (text) =>
    navigator.clipboard && globalThis.isSecureContext
      ? navigator.clipboard.writeText(text).catch(() => fallbackCopy(text))
      : fallbackCopy(text);

  for (const button of document.querySelectorAll("button[data-copy-target]")) {
    const target = document.getElementById(button.getAttribute("data-copy-target"));
    if (!target) continue;
    const status = document.getElementById(button.getAttribute("data-copy-status"));
    const label = button.textContent;
    let timer = 0;
    button.hidden = false;
    button.addEventListener("click", () => {
      copy(target.textContent || "").then(() => {
        button.textContent = "Copied!";
        if (status) status.textContent = "Copied to the clipboard";
      }, () => {
        button.textContent = "Copy failed";
        if (status) status.textContent = "Select the text and copy it by hand";
      }).then(() => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          button.textContent = label;
          if (status) status.textContent = "";
        }, 2500);
      });
    });
  }

  for (const form of document.querySelectorAll("form[data-review-form]")) {
    const api = form.getAttribute("data-review-api");
    const status = form.querySelector("[data-review-status]");
    const say = (text) => {
      if (status) status.textContent = text;
    };
    const field = (name) => {
      const el = form.elements.namedItem(name);
      return el && "value" in el ? String(el.value).trim() : "";
    };
    const send = async (method) => {
      const key = field("key");
      if (!key) {
        say("Enter your API key (sk_svc_...).");
        return;
      }
      const headers = { authorization: `Bearer ${key}` };
      const init = { method, headers };
      if (method === "POST") {
        const body = { rating: Number(field("rating")) };
        for (const name of ["title", "text", "client", "version"]) {
          if (field(name)) body[name] = field(name);
        }
        if (field("worked")) body.worked = field("worked") === "true";
        headers["content-type"] = "application/json";
        init.body = JSON.stringify(body);
      }
      say(method === "POST" ? "Saving…" : "Deleting…");
      try {
        const res = await fetch(api, init);
        const answer = await res.json().catch(() => ({}));
        if (!res.ok) {
          say(answer.detail || `The review was not saved (HTTP ${res.status}).`);
          return;
        }
        if (method === "POST" && answer.hidden) {
          say("Saved; a moderator has hidden this key's review, so it is not shown.");
          return;
        }
        say(method === "POST" ? "Saved. Showing it…" : "Deleted. Updating the page…");
        location.reload();
      } catch {
        say("The review could not be sent: check the connection and try again.");
      }
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      send("POST");
    });
    const remove = form.querySelector("[data-review-delete]");
    if (remove) remove.addEventListener("click", () => send("DELETE"));
    form.hidden = false;
  }
})();
