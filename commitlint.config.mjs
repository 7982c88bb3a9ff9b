// Commit messages: a subject line that fits `git log --oneline` and review tools; the
// detail (figures, reasoning) goes in the body. No type prefixes are required.
export default {
  rules: {
    'header-max-length': [2, 'always', 72],
    'header-min-length': [2, 'always', 8],
    'body-leading-blank': [2, 'always'],
  },
};
