function createMenuResponder(deps, chatbot) {
  return {
    id: "menu",
    place: "menu",
    async handle(ctx) {
      const conn = await deps.connections.get(ctx.companyId, ctx.connection.id);
      if (!conn) return false;
      const settings = await deps.settings.all(ctx.companyId);
      const acted = await chatbot.handle({
        companyId: ctx.companyId,
        ticket: ctx.ticket,
        contact: ctx.contact,
        conn,
        settings,
        body: ctx.message.body ?? "",
        isNewTicket: ctx.isNewTicket
      });
      if (acted && !ctx.ticket.chatbot) await ctx.release();
      return acted;
    }
  };
}
export {
  createMenuResponder
};
