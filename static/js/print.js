// The print page's "Print" button (no inline handler: the Content-Security-Policy runs
// no inline script).
document.querySelectorAll("[data-print]").forEach((button) => {
  button.addEventListener("click", () => window.print());
});
