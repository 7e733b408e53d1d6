// Stylesheets mean nothing to jsdom: imports of .css files resolve here in the web's unit tests.
export default {};
