// A custom Spectral function for the workspace-trust test.
module.exports = function titleIsNotShop(input) {
  return input === 'Shop' ? [{ message: 'E2E_CUSTOM_FUNCTION: the title is "Shop"' }] : [];
};
