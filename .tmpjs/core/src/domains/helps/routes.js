import { Type } from "@sinclair/typebox";
import { Help } from "../../db/models/index.js";
import { notFound } from "../../http/errors.js";
import { IdParams, OkReply, PAGE_SIZE, PagingQuery, offsetOf, pageOf, pageResult } from "../../http/schemas.js";
import { likeAnywhere } from "../../db/like.js";
const Nullable = (max) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
const HelpReply = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  video: Type.Union([Type.String(), Type.Null()]),
  description: Type.Union([Type.String(), Type.Null()]),
  link: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Optional(Type.String()),
  updatedAt: Type.Optional(Type.String())
});
const fields = { title: Type.String({ minLength: 1, maxLength: 255 }), video: Nullable(255), description: Nullable(1e4), link: Nullable(500) };
const HelpBody = Type.Object(fields);
const HelpPatch = Type.Partial(Type.Object(fields));
const helpJson = (h) => ({ video: null, description: null, link: null, ...h.toJSON() });
const helpsRoutes = async (app) => {
  const tags = ["helps"];
  const superOnly = { preHandler: app.requireSuper };
  const find = async (id) => {
    const help = await Help.query().findById(id);
    if (!help) throw notFound("ERR_NO_HELP_FOUND", "Help not found");
    return help;
  };
  app.get("/helps", { schema: { tags, querystring: PagingQuery, response: { 200: pageOf("helps", HelpReply) } } }, async (request) => {
    const { searchParam, pageNumber } = request.query;
    const query = Help.query().orderBy("title").orderBy("id").limit(PAGE_SIZE + 1).offset(offsetOf(pageNumber).offset);
    if (searchParam?.trim()) {
      const like = likeAnywhere(searchParam.trim());
      query.where((q) => q.whereRaw("title like ? escape ?", [like, "\\"]).orWhereRaw("description like ? escape ?", [like, "\\"]));
    }
    const { items, hasMore } = pageResult(await query);
    return { helps: items.map(helpJson), hasMore };
  });
  app.get(
    "/helps/list",
    { schema: { tags, response: { 200: Type.Array(HelpReply) } } },
    async () => (await Help.query().orderBy("title").orderBy("id")).map(helpJson)
  );
  app.get(
    "/helps/:id",
    { schema: { tags, params: IdParams, response: { 200: HelpReply } } },
    async (request) => helpJson(await find(request.params.id))
  );
  app.post(
    "/helps",
    { ...superOnly, schema: { tags, body: HelpBody, response: { 200: HelpReply } } },
    async (request) => helpJson(await Help.query().insertAndFetch(request.body))
  );
  app.put("/helps/:id", { ...superOnly, schema: { tags, params: IdParams, body: HelpPatch, response: { 200: HelpReply } } }, async (request) => {
    const help = await find(request.params.id);
    return helpJson(await help.$query().patchAndFetch(request.body));
  });
  app.delete("/helps/:id", { ...superOnly, schema: { tags, params: IdParams, response: { 200: OkReply } } }, async (request) => {
    await (await find(request.params.id)).$query().delete();
    return { message: "help deleted" };
  });
};
var routes_default = helpsRoutes;
export {
  routes_default as default
};
