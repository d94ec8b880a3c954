const escape = (term) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
const likeAnywhere = (term) => `%${escape(term)}%`;
const likePrefix = (term) => `${escape(term)}%`;
const LIKE_ESCAPE = "\\";
export {
  LIKE_ESCAPE,
  likeAnywhere,
  likePrefix
};
