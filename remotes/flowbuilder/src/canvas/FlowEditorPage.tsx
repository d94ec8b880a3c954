import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  addEdge, Background, BackgroundVariant, Controls, MiniMap, ReactFlow, ReactFlowProvider, useEdgesState, useNodesState, type Connection, type Edge,
} from '@xyflow/react';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { NodeDataByType, NodeType } from '../types';
import { nodeTypes } from '../nodes';
import { NodeActionsContext, type NodeActions } from '../nodes/actions';
import { NodeDialog, hasDialog, type DialogTarget } from '../dialogs/NodeDialog';
import { AddNodeMenu } from './AddNodeMenu';
import { addNode, answerKeys, duplicateNode, toSaved, type FlowNode } from './graph';
import { injectFlowStyles } from './styles';

interface SavedFlow { flow: { id: number; name: string; flow: { nodes: FlowNode[]; connections: Edge[] } | null } }

/** /flowbuilder/:id: the canvas (zoom controls, minimap, dotted background), the add menu, the node dialogs and Save. */
export function FlowEditorPage({ sdk }: { sdk: HostSdk }) {
  injectFlowStyles();
  return <ReactFlowProvider><FlowEditor sdk={sdk} /></ReactFlowProvider>;
}

function FlowEditor({ sdk }: { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const [nodes, setNodes, onNodesChange] = useNodesState<FlowNode>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>([]);
  const [name, setName] = useState('');
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [target, setTarget] = useState<DialogTarget | null>(null);

  useEffect(() => {
    setLoading(true);
    sdk.api.get<SavedFlow>(`/flowbuilder/flow/${id}`).then(({ flow }) => {
      setName(flow.name);
      setNodes(flow.flow?.nodes ?? []);
      setEdges(flow.flow?.connections ?? []);
    }, sdk.toast.error).finally(() => setLoading(false));
  }, [id, sdk, setNodes, setEdges]);

  const keys = useMemo(() => answerKeys(nodes), [nodes]);
  // ext §7: the answer keys are kept in localStorage `variables` for the placeholders.
  useEffect(() => { try { localStorage.setItem('variables', JSON.stringify(keys)); } catch { /* storage unavailable */ } }, [keys]);

  const actions = useMemo<NodeActions>(() => ({
    t,
    duplicate: (nodeId) => setNodes((ns) => duplicateNode(ns, nodeId)),
    remove: (nodeId) => {
      setNodes((ns) => ns.filter((n) => n.id !== nodeId));
      setEdges((es) => es.filter((e) => e.source !== nodeId && e.target !== nodeId));
    },
  }), [t, setNodes, setEdges]);

  const onConnect = useCallback((c: Connection) => setEdges((es) => addEdge({ ...c, id: `e-${c.source}-${c.sourceHandle ?? ''}-${c.target}` }, es)), [setEdges]);
  const onSubmit = (dialog: DialogTarget, data: NodeDataByType[NodeType]) => {
    if (dialog.id) setNodes((ns) => ns.map((n) => (n.id === dialog.id ? { ...n, data } : n)));
    else setNodes((ns) => addNode(ns, dialog.type, data));
    setTarget(null);
  };
  const save = async () => {
    setSaving(true);
    try {
      await sdk.api.post('/flowbuilder/flow', { idFlow: Number(id), ...toSaved(nodes, edges) });
      sdk.toast.success(t('flowbuilder.flowSaved'));
    } catch (err) {
      sdk.toast.error(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="flowbuilder-editor-page" style={{ display: 'flex', flexDirection: 'column', height: '100%', gap: 8 }}>
      <div className="page-header fb-toolbar">
        <button type="button" className="p-button p-button-text" aria-label={t('flowbuilder.back')} onClick={() => navigate('/flowbuilders')}><i className="pi pi-arrow-left" /></button>
        <h2 style={{ margin: 0 }}>{t('flowbuilder.editorTitle')}{name ? `: ${name}` : ''}</h2>
        <small className="muted" style={{ flex: 1 }}>{t('flowbuilder.reminder')}</small>
        <button type="button" className="p-button" disabled={saving || loading} data-testid="fb-save" onClick={() => void save()}>
          <i className={saving ? 'pi pi-spin pi-spinner' : 'pi pi-save'} />&nbsp;{t('flowbuilder.save')}
        </button>
      </div>
      <div className="fb-canvas" style={{ position: 'relative', height: 'calc(100vh - 170px)' }} data-testid="fb-canvas">
        {loading ? <div style={{ padding: 24 }}><i className="pi pi-spin pi-spinner" /> {t('flowbuilder.loading')}</div> : (
          <NodeActionsContext.Provider value={actions}>
            <AddNodeMenu t={t} onPick={(type) => setTarget({ type })} />
            <ReactFlow nodes={nodes} edges={edges} nodeTypes={nodeTypes} onNodesChange={onNodesChange} onEdgesChange={onEdgesChange} onConnect={onConnect}
              onNodeDoubleClick={(_, node) => hasDialog(node.type) && setTarget({ type: node.type, id: node.id, data: node.data as never })}
              deleteKeyCode={['Backspace', 'Delete']} zoomOnDoubleClick={false} fitView fitViewOptions={{ maxZoom: 1 }}>
              <Controls />
              <MiniMap pannable zoomable />
              <Background variant={BackgroundVariant.Dots} gap={16} size={1} />
            </ReactFlow>
          </NodeActionsContext.Provider>
        )}
      </div>
      {target && <NodeDialog sdk={sdk} target={target} keys={keys} onHide={() => setTarget(null)} onSubmit={onSubmit} />}
    </div>
  );
}
