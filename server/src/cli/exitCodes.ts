/** The CLI's exit codes: no finding at the fail severity, findings, an error (nothing or not everything linted). */
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_ERROR = 2;
