// Menu management (spec 3): items by category, each with its photo and an upload for it (one image
// of at most 5 MB, 'Uploading...' meanwhile), and Add Item / Edit with modifier groups. The photos
// live in the cloud: a terminal serves this screen only to say so.
import { MENU_MANAGEMENT_TEXTS, type MenuItem } from '@tablewise/shared';
import { useState } from 'react';
import { useOnTerminal } from '../../../app/terminal-status.js';
import { useMenu } from '../api/get-menu.js';
import { useUploadPhoto } from '../api/upload-photo.js';
import { ItemForm } from './item-form.js';

const T = MENU_MANAGEMENT_TEXTS;

function ItemCard({ item, onEdit }: { item: MenuItem; onEdit(): void }) {
  const upload = useUploadPhoto();
  return (
    <li className={`menu-card${item.isAvailable ? '' : ' off'}`} data-testid="menu-card" data-item-id={item.id}>
      {item.imageUrl ? (
        <img className="menu-card-photo" src={item.imageUrl} alt={item.name} />
      ) : (
        <div className="menu-card-photo placeholder">{T.noPhoto}</div>
      )}
      <div className="menu-card-body">
        <strong>{item.name}</strong>
        <span className="muted">
          ${item.price}
          {item.station ? ` · ${item.station}` : ''}
          {item.prepTime !== null ? ` · ${item.prepTime} min` : ''}
        </span>
      </div>
      <div className="menu-card-actions">
        <label className={`button${upload.isPending ? ' busy' : ''}`}>
          {upload.isPending ? T.uploading : item.imageUrl ? T.changePhoto : T.uploadPhoto}
          <input
            type="file"
            accept="image/*"
            hidden
            disabled={upload.isPending}
            data-testid="photo-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) upload.mutate({ item, file });
            }}
          />
        </label>
        <button type="button" className="button" onClick={onEdit}>
          {T.editItem}
        </button>
      </div>
    </li>
  );
}

export function MenuManagementScreen() {
  const onTerminal = useOnTerminal();
  const menu = useMenu();
  const [editing, setEditing] = useState<MenuItem | 'new' | null>(null);
  if (onTerminal === null) return <p className="page-status">{T.loading}</p>;
  if (onTerminal) {
    return (
      <section className="menu-management">
        <div className="page-head">
          <h1>{T.title}</h1>
        </div>
        <p className="notice" role="status" data-testid="menu-needs-cloud">
          {T.needsCloud}
        </p>
      </section>
    );
  }
  return (
    <section className="menu-management">
      <div className="page-head">
        <h1>{T.title}</h1>
        <button type="button" className="button primary" onClick={() => setEditing('new')} data-testid="menu-add-item">
          {T.addItem}
        </button>
      </div>
      {Object.entries(menu.data?.groupedByCategory ?? {}).map(([category, items]) => (
        <section key={category} className="menu-group">
          <h2>{category}</h2>
          <ul className="menu-cards">
            {items.map((item) => (
              <ItemCard key={item.id} item={item} onEdit={() => setEditing(item)} />
            ))}
          </ul>
        </section>
      ))}
      {editing && <ItemForm item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
