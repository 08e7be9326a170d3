// Starts Swagger UI on the API reference page (/v2/docs). It is a file of its own because the
// Content-Security-Policy forbids inline scripts.
(function () {
  'use strict';

  function cookie(name) {
    var prefix = name + '=';
    var found = document.cookie.split('; ').find(function (part) {
      return part.indexOf(prefix) === 0;
    });
    return found ? decodeURIComponent(found.slice(prefix.length)) : null;
  }

  var root = document.getElementById('swagger-ui');
  window.ui = window.SwaggerUIBundle({
    url: root.getAttribute('data-spec-url'),
    domNode: root,
    deepLinking: true,
    // The public validator would be a call to another origin, which the CSP blocks anyway.
    validatorUrl: null,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // "Try it out" sends the XSRF cookie's value as the server requires, unless the reader set one.
    requestInterceptor: function (request) {
      var xsrf = cookie('XSRF-TOKEN');
      if (xsrf && !request.headers['X-XSRF-TOKEN']) request.headers['X-XSRF-TOKEN'] = xsrf;
      return request;
    },
  });
})();
