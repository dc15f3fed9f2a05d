;;; mpi-dtype-lint-eglot.el --- mpi-dtype-lint through Eglot  -*- lexical-binding: t; -*-

;; Put this in your init file (Emacs 29+ ships Eglot; on Emacs 28 install it from ELPA, e.g.
;; Debian's elpa-eglot), then M-x eglot in a C or Fortran buffer,
;; or keep the hooks below to start it automatically.

;;; Code:

(require 'eglot)

(add-to-list 'eglot-server-programs
             '((c-mode c-ts-mode f90-mode fortran-mode)
               . ("mpi-dtype-lint" "lsp"
                  ;; Sent as initializationOptions; unset keys fall back to .mpi-dtype-lint.toml.
                  :initializationOptions (:target "x86_64-linux-gnu" :mpi "standard"))))

;; Eglot sends these with workspace/didChangeConfiguration; set them per project in
;; .dir-locals.el with ((nil . ((eglot-workspace-configuration
;;                              . (:mpi-dtype-lint (:ignore ["deprecated-api"]))))))
(setq-default eglot-workspace-configuration
              '(:mpi-dtype-lint (:target "x86_64-linux-gnu")))

(dolist (hook '(c-mode-hook c-ts-mode-hook f90-mode-hook fortran-mode-hook))
  (add-hook hook #'eglot-ensure))

(provide 'mpi-dtype-lint-eglot)
;;; mpi-dtype-lint-eglot.el ends here
