// The calculator without a reload: the form goes to the server with fetch and only the
// result area is replaced. Without JavaScript the same form posts and the page comes back.
"use strict";

(function () {
  const form = document.getElementById("calculator");
  const result = document.getElementById("result");
  if (!form || !result || !window.fetch) {
    return;
  }

  function bindCopyButtons(root) {
    root.querySelectorAll("button.copy").forEach(function (button) {
      button.addEventListener("click", function () {
        const code = document.getElementById(button.dataset.copy);
        if (!code || !navigator.clipboard) {
          return;
        }
        navigator.clipboard.writeText(code.textContent).then(function () {
          button.textContent = button.dataset.copied;
        }, function () { /* clipboard refused: the command stays selectable */ });
      });
    });
  }

  function markInvalid(root) {
    form.querySelectorAll("[aria-invalid]").forEach(function (field) {
      field.removeAttribute("aria-invalid");
    });
    root.querySelectorAll(".problem code").forEach(function (code) {
      const field = form.elements.namedItem(code.textContent);
      if (field && field.setAttribute) {
        field.setAttribute("aria-invalid", "true");
      }
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    const body = new URLSearchParams(new FormData(form));
    result.setAttribute("aria-busy", "true");
    fetch(form.action, {
      method: "POST",
      body: body,
      headers: { "X-Fragment": "1" },
      credentials: "same-origin",
    }).then(function (response) {
      return response.text();
    }).then(function (html) {
      result.innerHTML = html;
      result.removeAttribute("aria-busy");
      bindCopyButtons(result);
      markInvalid(result);
      const shared = new URLSearchParams(body);
      shared.set("lang", document.documentElement.lang);
      history.replaceState(null, "", "/?" + shared.toString());
    }).catch(function () {
      result.removeAttribute("aria-busy");
      form.submit();
    });
  });

  bindCopyButtons(document);
  markInvalid(document);
}());
