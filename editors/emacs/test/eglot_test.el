;;; eglot_test.el --- Batch test of the Eglot setup against the real server  -*- lexical-binding: t; -*-

;; Run by run.sh: `emacs --batch -l eglot_test.el`.  Loads ../mpi-dtype-lint-eglot.el as an init
;; file would, then for each fixture: opens it (its mode's hook runs `eglot-ensure'), waits for
;; Eglot to connect to `mpi-dtype-lint lsp', checks that Flymake shows the diagnostics the
;; command line reports (line and rule), and that the hover (Eglot's ElDoc function) on every
;; datatype handle shows the size and extent `mpi-dtype-lint types --format json' computes.
;; Finally `eglot-shutdown' must leave no server running, each having exited by itself with
;; status 0.  Exits non-zero on any failure.
;;   MPI_DTYPE_LINT  the server binary (run.sh puts it on PATH as mpi-dtype-lint)
;;   FIXTURES        space-separated files with findings, relative to the current directory
;;   TIMEOUT         seconds to wait for each answer (default 20)

;;; Code:

(require 'cl-lib)
(require 'json)

(defvar eglot-test-binary (or (getenv "MPI_DTYPE_LINT") (error "MPI_DTYPE_LINT: the server binary")))
(defvar eglot-test-fixtures
  (mapcar #'expand-file-name
          (split-string (or (getenv "FIXTURES") (error "FIXTURES: files to open")))))
(defvar eglot-test-timeout (string-to-number (or (getenv "TIMEOUT") "20")))
(defvar eglot-test-failures 0)

(defun eglot-test-log (format-string &rest arguments)
  (princ (concat (apply #'format format-string arguments) "\n") #'external-debugging-output))

(defun eglot-test-fail (format-string &rest arguments)
  (setq eglot-test-failures (1+ eglot-test-failures))
  (eglot-test-log "FAIL: %s" (apply #'format format-string arguments)))

(defun eglot-test-wait (predicate)
  "Processes input until PREDICATE holds (its value) or the timeout passes (nil)."
  (let ((deadline (+ (float-time) eglot-test-timeout))
        (value nil))
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun eglot-test-cli-json (&rest arguments)
  "The command line's JSON output for ARGUMENTS, as a hash table."
  (with-temp-buffer
    (apply #'call-process eglot-test-binary nil '(t nil) nil arguments)
    (condition-case nil
        (json-parse-string (buffer-string))
      (error (error "Cannot decode the output of %s %S:\n%s" eglot-test-binary arguments
                    (buffer-string))))))

(load (expand-file-name "../mpi-dtype-lint-eglot.el" (file-name-directory load-file-name)) nil t)

;; A batch Emacs has no command loop and no redisplay, so after opening a file the test runs
;; what they would: `post-command-hook' (where `eglot-ensure' connects, once the command that
;; opened the file is over) and the window change hooks (Flymake starts checking a buffer once
;; it is shown in a window).
(defun eglot-test-open (path)
  (find-file path)
  (run-hooks 'post-command-hook)
  (run-window-configuration-change-hook)
  (current-buffer))

(defun eglot-test-diagnostics-summary (pairs)
  (mapconcat #'identity (sort (copy-sequence pairs) #'string<) ", "))

(defun eglot-test-check-diagnostics (path expected)
  ;; Eglot's text of a diagnostic: "source [code]: message".
  (when (seq-empty-p expected)
    (eglot-test-fail "%s: the command line finds nothing; the fixture must have a finding" path))
  (let* ((wanted (mapcar (lambda (d) (format "%d:%s" (gethash "line" d) (gethash "rule" d)))
                         expected))
         (shown (lambda ()
                  (mapcar (lambda (d)
                            (format "%d:%s" (line-number-at-pos (flymake-diagnostic-beg d))
                                    (if (string-match "\\[\\([^]]+\\)\\]: " (flymake-diagnostic-text d))
                                        (match-string 1 (flymake-diagnostic-text d))
                                      "no-rule")))
                          (flymake-diagnostics))))
         (got (eglot-test-wait (lambda ()
                                 (let ((now (funcall shown)))
                                   (and (equal (eglot-test-diagnostics-summary now)
                                               (eglot-test-diagnostics-summary wanted))
                                        (or now t)))))))
    (if got
        (eglot-test-log "  diagnostics as on the command line: [%s]"
                        (eglot-test-diagnostics-summary wanted))
      (eglot-test-fail "%s: diagnostics [%s], the command line reports [%s]" path
                       (eglot-test-diagnostics-summary (funcall shown))
                       (eglot-test-diagnostics-summary wanted)))))

(defun eglot-test-hover-at-point ()
  "The hover text Eglot's ElDoc function gives at point, or nil."
  (let ((text nil) (answered nil))
    (eglot-hover-eldoc-function (lambda (info &rest _) (setq text info answered t)))
    (eglot-test-wait (lambda () answered))
    text))

(defun eglot-test-shows-value (text label value)
  "TEXT shows LABEL then VALUE: \"size 800\", \"extent: 79208\"."
  (string-match-p (format "%s[^[:alnum:]]*%d\\([^[:digit:]]\\|\\'\\)" label value) text))

(defun eglot-test-check-hovers (path types)
  (let ((checked 0))
    (dolist (entry (append types nil))
      (let ((size (gethash "size" entry)) (extent (gethash "extent" entry))
            (name (gethash "name" entry)) (line (gethash "line" entry)))
        (when (and (numberp size) (numberp extent))
          (goto-char (point-min))
          (forward-line (1- line))
          ;; The handle may sit on a continuation line.
          (if (not (re-search-forward (format "\\_<%s\\_>" (regexp-quote name))
                                      (line-end-position 6) t))
              (eglot-test-fail "%s:%d: handle %s not found in the text" path line name)
            (goto-char (match-beginning 0))
            (let ((text (or (eglot-test-hover-at-point) ""))
                  (where (format "%s:%d:%d hover on %s" path (line-number-at-pos)
                                 (1+ (current-column)) name)))
              (if (not (and (eglot-test-shows-value text "size" size)
                            (eglot-test-shows-value text "extent" extent)))
                  (eglot-test-fail "%s: expected size %d and extent %d in:\n%s" where size extent text)
                (eglot-test-log "  %s: size %d, extent %d" where size extent)
                (setq checked (1+ checked))))))))
    (when (zerop checked)
      (eglot-test-fail "%s: no datatype with known size and extent to hover" path))))

(defun eglot-test-check-fixture (path)
  (set-buffer (eglot-test-open path))
  (eglot-test-log "fixture %s (%s)" path major-mode)
  (let ((server (eglot-test-wait (lambda () (and eglot--managed-mode (eglot-current-server))))))
    (if (not server)
        (eglot-test-fail "%s: Eglot did not connect to mpi-dtype-lint (%s)" path major-mode)
      (eglot-test-log "  Eglot %s connected to %S" (eglot--major-modes server)
                      (process-command (jsonrpc--process server)))
      (eglot-test-check-diagnostics
       path (gethash "diagnostics" (eglot-test-cli-json "--format" "json" path)))
      (eglot-test-check-hovers
       path (gethash "types" (eglot-test-cli-json "types" "--format" "json" path))))))

;; Each server must exit by itself once told to (shutdown, then exit): `jsonrpc-shutdown' would
;; delete a process still running, so it is given the time first, and the exit is recorded.
(defvar eglot-test-exits nil "(command . status) of the servers shut down.")
(advice-add 'jsonrpc-shutdown :before
            (lambda (connection &rest _)
              (let ((process (jsonrpc--process connection)))
                (eglot-test-wait (lambda () (not (process-live-p process))))
                (push (cons (process-command process)
                            (if (process-live-p process)
                                "still running"
                              (format "%s %d" (process-status process) (process-exit-status process))))
                      eglot-test-exits))))

(defun eglot-test-check-shutdown ()
  (let ((servers (cl-loop for servers being the hash-values of eglot--servers-by-project
                          append servers)))
    (if (null servers)
        (eglot-test-fail "shutdown: no server running")
      (dolist (server servers)
        (eglot-shutdown server))
      (dolist (exit eglot-test-exits)
        (if (equal (cdr exit) "exit 0")
            (eglot-test-log "  shutdown: %S exited with status 0" (car exit))
          (eglot-test-fail "shutdown: %S: %s, not exit 0" (car exit) (cdr exit))))
      (unless (= (length eglot-test-exits) (length servers))
        (eglot-test-fail "shutdown: %d servers, %d exits" (length servers) (length eglot-test-exits))))))

(dolist (path eglot-test-fixtures)
  (condition-case failure
      (eglot-test-check-fixture path)
    (error (eglot-test-fail "%s: %s" path (error-message-string failure)))))
(condition-case failure
    (eglot-test-check-shutdown)
  (error (eglot-test-fail "shutdown: %s" (error-message-string failure))))

(if (> eglot-test-failures 0)
    (progn (eglot-test-log "%d failure(s)" eglot-test-failures)
           (kill-emacs 1))
  (eglot-test-log "Eglot test: all checks passed")
  (kill-emacs 0))

;;; eglot_test.el ends here
