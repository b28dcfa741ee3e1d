// The calculator without a reload: the form's fields (named as the API's) go to the API,
// POST /v1/size, asking for the result area in HTML; a refusal comes back as
// application/problem+json and is shown the same way. Without JavaScript the same form is
// posted to the page, which comes back with the result.
"use strict";

(function () {
  const form = document.getElementById("calculator");
  const result = document.getElementById("result");
  if (!form || !result || !window.fetch) {
    return;
  }
  const language = document.documentElement.lang;
  const checkboxes = ["cuda_only"];

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

  function markInvalid(fields) {
    form.querySelectorAll("[aria-invalid]").forEach(function (field) {
      field.removeAttribute("aria-invalid");
    });
    fields.forEach(function (name) {
      const field = form.elements.namedItem(name);
      if (field && field.setAttribute) {
        field.setAttribute("aria-invalid", "true");
      }
    });
  }

  function body() {
    const fields = {};
    new FormData(form).forEach(function (value, name) {
      if (checkboxes.indexOf(name) >= 0) {
        fields[name] = true;
      } else if (String(value).trim() !== "") {
        fields[name] = String(value).trim();
      }
    });
    return fields;
  }

  function showProblem(problem) {
    const box = document.createElement("div");
    box.className = "problem";
    const detail = document.createElement("p");
    detail.className = "verdict";
    detail.textContent = problem.detail;
    box.appendChild(detail);
    const list = document.createElement("ul");
    (problem.errors || []).forEach(function (error) {
      const item = document.createElement("li");
      const field = document.createElement("code");
      field.textContent = error.field;
      item.appendChild(field);
      item.appendChild(document.createTextNode(": " + error.message));
      list.appendChild(item);
    });
    (problem.candidates || []).forEach(function (name) {
      const item = document.createElement("li");
      const code = document.createElement("code");
      code.textContent = name;
      item.appendChild(code);
      list.appendChild(item);
    });
    if (list.children.length) {
      box.appendChild(list);
    }
    result.replaceChildren(box);
    markInvalid((problem.errors || []).map(function (error) { return error.field; }));
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    const fields = body();
    result.setAttribute("aria-busy", "true");
    fetch("/v1/size?lang=" + encodeURIComponent(language), {
      method: "POST",
      body: JSON.stringify(fields),
      headers: { "Content-Type": "application/json", "Accept": "text/html" },
      credentials: "same-origin",
    }).then(function (response) {
      const type = response.headers.get("Content-Type") || "";
      if (type.indexOf("application/problem+json") === 0) {
        return response.json().then(showProblem);
      }
      return response.text().then(function (html) {
        result.innerHTML = html;
        bindCopyButtons(result);
        markInvalid([]);
        const shared = new URLSearchParams(fields);
        shared.set("lang", language);
        history.replaceState(null, "", "/?" + shared.toString());
      });
    }).catch(function () {
      form.submit();  // the page answers the same form without the script
    }).finally(function () {
      result.removeAttribute("aria-busy");
    });
  });

  bindCopyButtons(document);
  markInvalid(Array.from(document.querySelectorAll(".problem code")).map(function (code) {
    return code.textContent;
  }));
}());
