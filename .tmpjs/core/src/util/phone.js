function normalizeNumber(input) {
  const user = input.split("@")[0].split(":")[0];
  return user.replace(/\D/g, "");
}
const isValidNumber = (digits) => /^\d{8,20}$/.test(digits);
export {
  isValidNumber,
  normalizeNumber
};
