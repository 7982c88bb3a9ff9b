;;; eglot-test.el --- headless Emacs + Eglot end-to-end check of apiconv-language-server  -*- lexical-binding: t -*-
;; Usage: emacs --batch -l eglot-test.el api.yaml
;; Env: APICONV_SERVER (server/out/server.js), APICONV_EMACS_CONFIG (a user setup to load instead), LSP_TIMEOUT (seconds, default 30),
;;      EXPECT "code:line,code:line" (1-based lines) that must be among the diagnostics.
(require 'package)
(package-initialize)
(require 'eglot)
(require 'flymake)
(require 'cl-lib)
(setq eglot-sync-connect 30 eglot-autoshutdown t)

(define-derived-mode yaml-mode prog-mode "YAML")
(add-to-list 'auto-mode-alist '("\\.ya?ml\\'" . yaml-mode))
;; APICONV_EMACS_CONFIG: the user setup to test (editors/emacs/apiconv.el, with apiconv-language-server on the PATH).
(let ((config (getenv "APICONV_EMACS_CONFIG")))
  (if (and config (not (string= config "")))
      (load config nil t)
    (let ((server (or (getenv "APICONV_SERVER") "server.js")))
      (add-to-list 'eglot-server-programs `(yaml-mode . ("node" ,server "--stdio"))))))

(defun e2e-out (fmt &rest args) (princ (concat (apply #'format fmt args) "\n")))

(defun e2e-wanted ()
  (let (out)
    (dolist (item (split-string (or (getenv "EXPECT") "") "," t) (nreverse out))
      (when (string-match "^\\s-*\\(.*\\):\\([0-9]+\\)\\s-*$" item)
        (push (cons (match-string 1 item) (string-to-number (match-string 2 item))) out)))))

(defun e2e-has (diags w)
  ;; Eglot's flymake text is "apiconv [code]: message".
  (cl-some (lambda (d)
             (and (string-match-p (regexp-quote (format "[%s]" (car w))) (flymake-diagnostic-text d))
                  (= (line-number-at-pos (flymake-diagnostic-beg d)) (cdr w))))
           diags))

(let* ((file (expand-file-name (car command-line-args-left)))
       (timeout (string-to-number (or (getenv "LSP_TIMEOUT") "30")))
       (wanted (e2e-wanted))
       (buf (find-file-noselect file))
       (start (float-time))
       ok)
  (setq command-line-args-left nil)
  (with-current-buffer buf
    (condition-case err
        (apply #'eglot (eglot--guess-contact))
      (error (e2e-out "eglot failed to start: %S" err)))
    (flymake-start)
    (cl-flet ((done () (let ((ds (flymake-diagnostics))) (and ds (cl-every (lambda (w) (e2e-has ds w)) wanted)))))
      (while (and (not (done)) (< (- (float-time) start) timeout))
        (accept-process-output nil 0.05)
        (unless (done) (flymake-start)))
      (setq ok (done)))
    (let ((diags (flymake-diagnostics)))
      (e2e-out "diagnostics after %.0f ms: %d" (* 1000 (- (float-time) start)) (length diags))
      (dolist (d (seq-take diags 12))
        (e2e-out "  %d type=%s %s" (line-number-at-pos (flymake-diagnostic-beg d)) (flymake-diagnostic-type d) (flymake-diagnostic-text d)))
      (dolist (w wanted)
        (unless (e2e-has diags w) (e2e-out "missing: %s at line %d" (car w) (cdr w)))))
    (let ((server (ignore-errors (eglot-current-server))))
      (when server
        (e2e-out "server: %s" (plist-get (eglot--server-info server) :name))
        (ignore-errors (eglot-shutdown server)))))
  (e2e-out (if ok "PASS" "FAIL"))
  (kill-emacs (if ok 0 1)))
