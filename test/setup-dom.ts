import '@testing-library/jest-dom/vitest';

// Drafts and cross-tab records live in the page's storage, which jsdom keeps for a whole file:
// every test starts without any.
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
