// toolatlas public site: progressive enhancement only. Every page works without this script;
// it reveals the copy buttons of install configs and copies the text of their <pre>.
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
})();
