;;; smoke.el --- Emacs (eglot) drives tutorial-check's language server in batch mode  -*- lexical-binding: t -*-
;; Loads the README's Emacs recipe as a user would paste it, opens a tutorial, waits for the server's
;; diagnostics to reach Flymake, applies a quick fix through `eglot-code-actions' (the command a user
;; runs), waits for the diagnostic to clear, and asks eldoc's hover function about a step heading.
;; Reads $EMACS_SMOKE_RECIPE (the README's elisp), $EMACS_SMOKE_DOCUMENT; writes a JSON report to
;; $EMACS_SMOKE_REPORT; exits 0 on success.

(require 'package)
(package-initialize)
(require 'json)
(require 'cl-lib)

(defvar smoke-report (list (cons 'steps nil)))

(defun smoke-set (key value) (setf (alist-get key smoke-report) value))
(defun smoke-step (name) (smoke-set 'steps (append (alist-get 'steps smoke-report) (list name))))

(defun smoke-finish (ok &optional reason)
  (smoke-set 'ok (if ok t :json-false))
  (when reason (smoke-set 'reason reason))
  (with-temp-file (getenv "EMACS_SMOKE_REPORT")
    (insert (json-encode smoke-report)))
  (kill-emacs (if ok 0 1)))

(defun smoke-wait (what predicate &optional seconds)
  "Let the server's messages in until PREDICATE holds, or fail naming WHAT."
  (let ((deadline (+ (float-time) (or seconds 30))))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (unless (funcall predicate) (error "timed out waiting for %s" what))))

(defun smoke-lsp-diagnostic (diagnostic)
  (cdr (assoc 'eglot-lsp-diag (eglot--diag-data diagnostic))))

(defun smoke-wiring ()
  "The coordinator-not-wired diagnostics Flymake shows in the current buffer."
  (cl-remove-if-not
   (lambda (diagnostic)
     (equal (plist-get (smoke-lsp-diagnostic diagnostic) :code) "coordinator-not-wired"))
   (flymake-diagnostics)))

(condition-case failure
    (progn
      ;; The recipe exactly as the README shows it.
      (with-temp-buffer
        (insert-file-contents (getenv "EMACS_SMOKE_RECIPE"))
        (eval (car (read-from-string (concat "(progn " (buffer-string) ")"))) t))
      (require 'eglot)
      (find-file (getenv "EMACS_SMOKE_DOCUMENT"))
      (smoke-set 'mode (symbol-name major-mode))
      (call-interactively #'eglot)
      (smoke-wait "the server" (lambda () (eglot-current-server)))
      (smoke-step "started")

      (smoke-wait "a coordinator-not-wired diagnostic in Flymake"
                  (lambda () (flymake-start) (smoke-wiring)))
      (let* ((diagnostic (car (smoke-wiring)))
             (lsp (smoke-lsp-diagnostic diagnostic)))
        (smoke-set 'diagnostic
                   (list (cons 'count (length (smoke-wiring)))
                         (cons 'line (line-number-at-pos (flymake-diagnostic-beg diagnostic)))
                         (cons 'text (flymake-diagnostic-text diagnostic))
                         (cons 'href (plist-get (plist-get lsp :codeDescription) :href))))
        (smoke-step "diagnostic")

        ;; The user's command, run from the keyboard (so eglot asks with `completing-read', not a
        ;; popup menu), answered by picking the wiring fix.
        (cl-letf ((last-nonmenu-event ?a)
                  ((symbol-function 'completing-read)
                   (lambda (_prompt collection &rest _)
                     (smoke-set 'offered (mapcar #'car collection))
                     (let ((title (cl-find-if (lambda (title) (string-prefix-p "Set .delegate" title))
                                              (mapcar #'car collection))))
                       (smoke-set 'action title)
                       title))))
          (eglot-code-actions (flymake-diagnostic-beg diagnostic) (flymake-diagnostic-end diagnostic)
                              nil t)))
      (smoke-set 'inserted
                 (how-many "^        pageViewController\\.delegate = context\\.coordinator$"
                           (point-min) (point-max)))
      (smoke-step "applied")
      ;; Batch Emacs is never idle, so eglot's idle timer never sends the edit: save, as a user would,
      ;; which sends it (didChange, then didSave).
      (save-buffer)

      (smoke-wait "the diagnostic to clear" (lambda () (flymake-start) (null (smoke-wiring))))
      (smoke-step "cleared")

      (goto-char (point-min))
      (search-forward "### Step 1")
      (beginning-of-line)
      (let (hover)
        (eglot-hover-eldoc-function (lambda (text &rest _) (setq hover text)))
        (smoke-wait "the hover" (lambda () hover))
        (smoke-set 'hover (substring-no-properties hover)))
      (smoke-step "hover")
      (eglot-shutdown (eglot-current-server))
      (smoke-finish t))
  (error (smoke-finish nil (error-message-string failure))))
