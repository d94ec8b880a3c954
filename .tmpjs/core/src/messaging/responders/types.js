const RESPONDER_PLACES = ["flow", "phrase", "integration", "prompt", "menu"];
export {
  RESPONDER_PLACES
};
