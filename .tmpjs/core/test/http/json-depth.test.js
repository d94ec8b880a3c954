import t from "tap";
import { build } from "../helper.js";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../../src/http/json-depth.js";
const deep = (levels) => {
  let value = "bottom";
  for (let i = 0; i < levels; i++) value = i % 2 ? { next: value } : [value];
  return value;
};
t.test("depth is counted without parsing: brackets inside strings and escaped quotes do not count", async (t2) => {
  t2.equal(nestsDeeperThan(JSON.stringify(deep(64)), 64), false, "64 levels fit");
  t2.equal(nestsDeeperThan(JSON.stringify(deep(65)), 64), true, "65 do not");
  t2.equal(nestsDeeperThan(JSON.stringify({ text: "[[[[{{{{".repeat(100) }), 3), false, "brackets in a string");
  t2.equal(nestsDeeperThan(JSON.stringify({ text: 'a "quoted [[[[[" word\\' }), 2), false, "escaped quotes and backslashes");
  t2.equal(nestsDeeperThan(`${"[".repeat(1e6)}`, 64), true, "a million open brackets: measured, no stack overflow");
});
t.test("a JSON body nested past the limit is a 400 ERR_VALIDATION, on a route that stores free-form data too; at the limit it is saved", async (t2) => {
  const { request, token } = await build(t2);
  const { body: flow } = await request("POST", "/api/flowbuilder", { token, body: { name: "Deep" } });
  const save = (extra) => request("POST", "/api/flowbuilder/flow", {
    token,
    headers: { "content-type": "application/json" },
    body: `{"idFlow":${flow.id},"nodes":[{"id":"1","type":"start","position":{"x":0,"y":0},"data":{"label":"Start","extra":${extra}}}],"connections":[]}`
  });
  const atLimit = await save(JSON.stringify(deep(MAX_JSON_DEPTH - 4)));
  t2.equal(atLimit.status, 200, `a body ${MAX_JSON_DEPTH} levels deep is saved`);
  for (const levels of [MAX_JSON_DEPTH - 3, 2e4]) {
    const res = await save(`${"[".repeat(levels)}${"]".repeat(levels)}`);
    t2.match(res, { status: 400, body: { error: "ERR_VALIDATION", field: "body" } }, `a body ${levels + 4} levels deep refused (20 000 overflowed JSON.stringify into a 500)`);
  }
  const stored = await request("GET", `/api/flowbuilder/flow/${flow.id}`, { token });
  t2.same(stored.body.flow.flow.nodes[0].data.extra, deep(MAX_JSON_DEPTH - 4), "the refused saves changed nothing");
});
