/* global document, location, __TEXTS__ */
/**
 * Runs inline in index.html, before the app's JavaScript has even been downloaded: on /login it
 * shows the sign-in form of the page (web/boot/login-shell.ts) in the stored interface language,
 * so a visitor on a slow phone can type at once. Nothing typed is sent from here: a submit is only
 * remembered, and the app's sign-in page adopts the values, the focus and the pending submit
 * (web/src/features/auth/boot-form.ts). `TEXTS` is put in by the build.
 */
(function (TEXTS) {
  var root = document.getElementById("boot-login");
  if (!root) return;
  var path = location.pathname.replace(/\/+$/, "") || "/";
  if (path !== "/login") {
    root.remove();
    return;
  }

  function cookie(name) {
    var match = document.cookie.match(new RegExp("(?:^|;\\s*)" + name + "=([^;]*)"));
    return match ? decodeURIComponent(match[1]) : undefined;
  }
  // The app's order (src/i18n/persistence.ts): the locale cookie, then localStorage, then ru.
  var locale = cookie("locale");
  if (!TEXTS[locale]) {
    try {
      locale = localStorage.getItem("locale");
    } catch {
      locale = undefined;
    }
  }
  if (!TEXTS[locale]) locale = "ru";

  function apply(next) {
    locale = next;
    var t = TEXTS[locale];
    document.documentElement.lang = locale;
    document.title = t["login.title"] + " — QR Menu";
    root.querySelectorAll("[data-text]").forEach(function (el) {
      el.textContent = t[el.getAttribute("data-text")];
    });
    root.querySelectorAll("[data-label]").forEach(function (el) {
      el.setAttribute("aria-label", t[el.getAttribute("data-label")]);
    });
    root.querySelectorAll("[data-locale]").forEach(function (el) {
      el.setAttribute("aria-pressed", String(el.getAttribute("data-locale") === locale));
    });
  }
  apply(locale);

  root.querySelectorAll("[data-locale]").forEach(function (button) {
    button.addEventListener("click", function () {
      var next = button.getAttribute("data-locale");
      var secure = location.protocol === "https:" ? "; Secure" : "";
      document.cookie = "locale=" + next + "; Max-Age=31536000; Path=/; SameSite=Lax" + secure;
      try {
        localStorage.setItem("locale", next);
      } catch {
        // the cookie alone is enough
      }
      apply(next);
    });
  });

  var form = root.querySelector("form");
  var password = form.elements.namedItem("password");
  var reveal = root.querySelector("[data-reveal]");
  reveal.addEventListener("click", function () {
    var shown = password.type === "password";
    password.type = shown ? "text" : "password";
    reveal.setAttribute("aria-pressed", String(shown));
    reveal.setAttribute("data-label", shown ? "form.hidePassword" : "form.showPassword");
    reveal.setAttribute("aria-label", TEXTS[locale][reveal.getAttribute("data-label")]);
  });

  var email = new URLSearchParams(location.search).get("email");
  if (email && email.length <= 254) form.elements.namedItem("email").value = email;

  // Remembered, not sent: the app signs in with these values as soon as it has started.
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    form.setAttribute("data-pending", "true");
    var button = form.querySelector('button[type="submit"]');
    button.setAttribute("aria-busy", "true");
    button.insertAdjacentHTML("afterbegin", '<span class="spinner" aria-hidden="true"></span>');
  });

  root.hidden = false;
  if (!form.elements.namedItem("email").value) form.elements.namedItem("email").focus();
})(__TEXTS__);
