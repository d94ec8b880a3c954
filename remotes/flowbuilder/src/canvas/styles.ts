import xyflowCss from '@xyflow/react/dist/style.css?inline';

/**
 * The remote is loaded at run time, so the host's build never sees its CSS imports (module-federation/vite#154):
 * React Flow's stylesheet and the node styles are added to <head> from code, once, by the first editor mounted.
 */
const NODE_CSS = `
.fb-canvas { flex: 1; min-height: 420px; border: 1px solid var(--surface-border, #dee2e6); border-radius: 6px; background: #fafafa; }
.fb-node { background: #fff; border: 2px solid #cfd8dc; border-radius: 8px; min-width: 180px; max-width: 260px; font-size: 12px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
.fb-node.selected { border-color: #1976d2; box-shadow: 0 0 0 2px rgba(25,118,210,.25); }
.fb-node-head { display: flex; align-items: center; gap: 6px; padding: 6px 8px; border-bottom: 1px solid #eceff1; font-weight: 600; }
.fb-node-head .pi { color: var(--fb-color, #546e7a); }
.fb-node-head .fb-node-title { flex: 1; }
.fb-node-head button { border: 0; background: transparent; cursor: pointer; color: #78909c; padding: 2px; }
.fb-node-head button:hover { color: #1976d2; }
.fb-node-body { padding: 6px 8px; white-space: pre-wrap; word-break: break-word; color: #37474f; }
.fb-node-row { position: relative; padding: 3px 14px 3px 0; }
.fb-node .react-flow__handle { width: 10px; height: 10px; background: #1976d2; }
.fb-toolbar { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.fb-add-menu { position: absolute; z-index: 10; left: 12px; top: 12px; display: flex; flex-direction: column; gap: 4px; }
.fb-add-menu .p-button { justify-content: flex-start; }
.fb-vars code { margin-right: 6px; cursor: pointer; }
.fb-content-item { border: 1px solid #e0e0e0; border-radius: 6px; padding: 8px; display: grid; gap: 6px; }
.fb-content-item header { display: flex; align-items: center; gap: 6px; font-weight: 600; }
.fb-content-item header span { flex: 1; }
form[data-testid^="fb-dialog-"] label.field { display: flex; flex-direction: column; gap: 0.35rem; }
`;

export function injectFlowStyles(doc: Document = document) {
  if (doc.getElementById('atrium-flowbuilder-css')) return;
  const style = doc.createElement('style');
  style.id = 'atrium-flowbuilder-css';
  style.textContent = `${xyflowCss}\n${NODE_CSS}`;
  doc.head.appendChild(style);
}
