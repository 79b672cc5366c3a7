// Small page helpers with no state of their own.

export const $ = (sel) => document.querySelector(sel);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k === "onclick") node.addEventListener("click", v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children);
  return node;
}

// The line under the table that says what went wrong (empty: nothing).
export function say(message) { $("#error").textContent = message || ""; delete $("#error").dataset.passing; }

export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
export const unique = (items) => [...new Set(items)];
