function familyValueIn(key, value) {
  if (key === "_paymentGateway" && value === "") return "none";
  if (key === "apiToken") return "";
  return value;
}
export {
  familyValueIn
};
