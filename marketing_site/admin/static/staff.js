// The staff area's only script. It tells the server which time zone this browser is in (a cookie the
// server reads until the account chooses a zone), and opens the inbox's filter panel on a wide screen
// (on a phone it stays folded). Without it every page still works: times show in the company's zone.
(function () {
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && /^[A-Za-z0-9_+\-\/]{1,64}$/.test(zone)) {
      document.cookie = "staff_tz=" + zone + "; path=/admin; max-age=31536000; samesite=strict" +
        (location.protocol === "https:" ? "; secure" : "");
    }
  } catch (error) {
    // no Intl time zone: the company's zone applies
  }
  var filters = document.getElementById("filters");
  if (filters && window.matchMedia("(min-width: 64rem)").matches) {
    filters.open = true;
  }
})();
