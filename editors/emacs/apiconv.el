;;; apiconv.el --- apiconv-language-server with Eglot (Emacs 29+, or Eglot from ELPA)  -*- lexical-binding: t -*-
;; Load it from your init file: (load "/path/to/apiconv.el"). Needs `apiconv-language-server' on the PATH
;; (npm install -g apiconv). The server lints YAML/JSON buffers that are OpenAPI documents; `M-x eglot' in one
;; (or `eglot-ensure' in the mode hooks below) starts it.
(require 'eglot)
(add-to-list 'eglot-server-programs
             '((yaml-mode yaml-ts-mode json-mode json-ts-mode js-json-mode) . ("apiconv-language-server" "--stdio")))
;; Start it in every YAML/JSON buffer (documents that are not OpenAPI get no diagnostics).
(dolist (hook '(yaml-mode-hook yaml-ts-mode-hook json-mode-hook json-ts-mode-hook js-json-mode-hook))
  (add-hook hook #'eglot-ensure))
;; Settings: the keys of the VS Code extension, under `apiconv' (see the README).
(setq-default eglot-workspace-configuration '(:apiconv (:run "onType" :allowRemoteRefs :json-false)))
;;; apiconv.el ends here
