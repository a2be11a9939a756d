/** The operator token the e2e server starts with, so the suite can invite riders like an agency does. */
export const operatorToken = "e2e-operator-token-0123456789abcdef";
