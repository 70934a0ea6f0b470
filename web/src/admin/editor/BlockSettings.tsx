// The settings side panel of the selected block: one form per block kind, every field plain data
// (the renderer escapes text and checks addresses), text blocks as rich text. Changes go straight
// to the draft, so the frame shows them before anything is saved. The sources blocks point at
// (galleries, stores and their products, forms, the site's images) are loaded once per editor.
import type { ReactNode } from 'react';
import { FormType, GALLERY_DESIGN_LABELS } from '@sc/contracts';
import { Field, Problem } from '../ui.js';
import { blockProblem } from '../content/blocks.js';
import { KINDS, kindOf } from './catalogue.js';
import { ALIGN, Choice, ListField, NumberField, numOr, str, TextField, type Change } from './FieldKit.js';
import { ImageFields } from './ImageFields.js';
import type { EditorBlock } from './model.js';
import { RichText } from './RichText.js';
import { CollectionChoice, isGallery, isListable, ProductChoice, type Sources } from './SourceFields.js';

const SOCIAL = ['instagram', 'facebook', 'x', 'youtube', 'tiktok', 'pinterest', 'linkedin', 'mastodon', 'email', 'website'] as const;

/** The fields of one block. */
function Fields({
  block,
  onChange,
  sources,
  disabled,
}: {
  block: EditorBlock;
  onChange: Change;
  sources: Sources;
  disabled: boolean;
}): ReactNode {
  const { data } = block;
  const kind = kindOf(block);
  const forms = (type: number) => [
    ['', 'Choose…'] as const,
    ...sources.forms.filter((f) => f.settings.formType === type).map((f) => [f.id, f.settings.name] as const),
  ];
  switch (kind) {
    case 'text':
    case 'markdown':
      return (
        <RichText
          key={block.id}
          label="Text"
          value={str(data, 'html')}
          disabled={disabled}
          onChange={(html) => onChange({ ...data, html }, 'html')}
        />
      );
    case 'heading':
      return (
        <>
          <TextField data={data} name="text" label="Heading text" onChange={onChange} />
          <Choice
            data={data}
            name="level"
            label="Level"
            onChange={(next, f) => onChange({ ...next, level: Number(next.level) }, f)}
            options={[
              ['1', 'Heading 1'],
              ['2', 'Heading 2'],
              ['3', 'Heading 3'],
              ['4', 'Heading 4'],
            ]}
            fallback={String(numOr(data, 'level', 2))}
          />
          <Choice data={data} name="align" label="Alignment" options={ALIGN} onChange={onChange} fallback="left" />
        </>
      );
    case 'image':
      return <ImageFields data={data} onChange={onChange} collections={sources.collections} disabled={disabled} />;
    case 'gallery':
      return (
        <>
          <CollectionChoice data={data} onChange={onChange} collections={sources.collections} label="Gallery" filter={isGallery} />
          <Choice
            data={data}
            name="design"
            label="Design"
            onChange={onChange}
            options={[
              ['grid', GALLERY_DESIGN_LABELS.grid],
              ['slideshow', GALLERY_DESIGN_LABELS.slideshow],
              ['carousel', GALLERY_DESIGN_LABELS.slider],
              ['stack', 'Stack'],
            ]}
            fallback="grid"
          />
        </>
      );
    case 'summary':
      return (
        <>
          <CollectionChoice data={data} onChange={onChange} collections={sources.collections} label="Collection" filter={isListable} />
          <Choice
            data={data}
            name="design"
            label="Design"
            onChange={onChange}
            options={[
              ['wall', 'Wall'],
              ['carousel', 'Carousel'],
              ['list', 'List'],
              ['grid', 'Grid'],
            ]}
            fallback="grid"
          />
          <NumberField data={data} name="limit" label="How many" min={1} max={60} fallback={6} onChange={onChange} />
        </>
      );
    case 'product':
      return <ProductChoice data={data} onChange={onChange} collections={sources.collections} />;
    case 'button':
      return (
        <>
          <TextField data={data} name="label" label="Button label" onChange={onChange} />
          <TextField
            data={data}
            name="link"
            label="Button link"
            onChange={onChange}
            hint="A page of this site (/shop) or a full address (https://…)"
          />
          <Choice
            data={data}
            name="style"
            label="Style"
            onChange={onChange}
            options={[
              ['primary', 'Primary'],
              ['secondary', 'Secondary'],
              ['outline', 'Outline'],
            ]}
            fallback="primary"
          />
          <Choice data={data} name="align" label="Alignment" options={ALIGN} onChange={onChange} fallback="left" />
        </>
      );
    case 'video':
      return (
        <>
          <TextField data={data} name="url" label="Video URL" onChange={onChange} hint="A YouTube or Vimeo address" />
          <TextField data={data} name="caption" label="Caption" onChange={onChange} />
        </>
      );
    case 'quote':
      return (
        <>
          <TextField data={data} name="text" label="Quote" multiline onChange={onChange} />
          <TextField data={data} name="source" label="Source" onChange={onChange} />
          <Choice data={data} name="align" label="Alignment" options={ALIGN} onChange={onChange} fallback="left" />
        </>
      );
    case 'line':
      return <p>A line across the page. Nothing to set.</p>;
    case 'spacer':
      return <NumberField data={data} name="height" label="Height (px)" min={8} max={400} fallback={48} onChange={onChange} />;
    case 'code':
      return (
        <>
          <Choice
            data={data}
            name="mode"
            label="Show as"
            onChange={onChange}
            options={[
              ['html', 'HTML (cleaned: no scripts)'],
              ['code', 'Code listing'],
            ]}
            fallback="html"
          />
          <Field label="Code">
            <textarea
              rows={8}
              className="code"
              value={str(data, 'code')}
              onChange={(e) => onChange({ ...data, code: e.target.value }, 'code')}
            />
          </Field>
        </>
      );
    case 'embed':
      return (
        <>
          <TextField data={data} name="url" label="Address to embed" onChange={onChange} />
          <TextField data={data} name="title" label="Title" onChange={onChange} />
        </>
      );
    case 'form':
      return <Choice data={data} name="formId" label="Form" onChange={onChange} options={forms(FormType.FORM_BLOCK)} />;
    case 'newsletter':
      return (
        <>
          <TextField data={data} name="title" label="Newsletter title" onChange={onChange} />
          <TextField data={data} name="description" label="Description" multiline onChange={onChange} />
          <Choice data={data} name="formId" label="List" onChange={onChange} options={forms(FormType.NEWSLETTER_BLOCK)} />
        </>
      );
    case 'social':
      return (
        <>
          <ListField
            data={data}
            name="links"
            label="Social links"
            max={20}
            blank={{ network: 'instagram', url: '' }}
            onChange={onChange}
            columns={[
              { key: 'network', label: 'Network', options: SOCIAL },
              { key: 'url', label: 'Address' },
            ]}
          />
          <Choice data={data} name="align" label="Alignment" options={ALIGN} onChange={onChange} fallback="left" />
        </>
      );
    case 'search':
      return <TextField data={data} name="placeholder" label="Placeholder" onChange={onChange} />;
    case 'map':
      return (
        <>
          <TextField data={data} name="address" label="Address shown" onChange={onChange} />
          <NumberField data={data} name="lat" label="Latitude" min={-90} max={90} step={0.0001} fallback={0} onChange={onChange} />
          <NumberField data={data} name="lng" label="Longitude" min={-180} max={180} step={0.0001} fallback={0} onChange={onChange} />
          <NumberField data={data} name="zoom" label="Zoom" min={1} max={19} fallback={15} onChange={onChange} />
        </>
      );
    case 'accordion':
      return (
        <ListField
          data={data}
          name="items"
          label="Entries"
          max={50}
          blank={{ title: '', body: '' }}
          onChange={onChange}
          columns={[
            { key: 'title', label: 'Title' },
            { key: 'body', label: 'Text', multiline: true },
          ]}
        />
      );
    case 'chart':
      return (
        <>
          <TextField data={data} name="title" label="Chart title" onChange={onChange} />
          <Choice
            data={data}
            name="chartType"
            label="Chart type"
            onChange={onChange}
            options={[
              ['bar', 'Bar'],
              ['line', 'Line'],
              ['pie', 'Pie'],
            ]}
            fallback="bar"
          />
          <TextField
            data={data}
            name="dataset"
            label="Dataset"
            multiline
            hint="First line: column names; then one row per line, values separated by commas"
            onChange={onChange}
          />
        </>
      );
    case 'donation':
      return (
        <>
          <TextField data={data} name="title" label="Title" onChange={onChange} />
          <TextField data={data} name="description" label="Description" multiline onChange={onChange} />
        </>
      );
    case 'member-area':
      return <TextField data={data} name="memberAreaId" label="Member area id" onChange={onChange} />;
    case undefined:
      // A type with no form of its own: each text or number field, as data.
      return (
        <>
          {Object.entries(data)
            .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
            .map(([key]) => (
              <TextField key={key} data={data} name={key} label={key} onChange={onChange} />
            ))}
        </>
      );
  }
}

export function BlockSettings({
  block,
  onChange,
  sources,
  disabled,
}: {
  block: EditorBlock;
  onChange: Change;
  sources: Sources;
  disabled: boolean;
}) {
  const kind = kindOf(block);
  const problem = blockProblem(block.type, block.data);
  return (
    <fieldset
      className="block-settings"
      disabled={disabled}
      aria-label={`${kind ? KINDS[kind].label : `Block type ${block.type}`} settings`}
    >
      <Fields block={block} onChange={onChange} sources={sources} disabled={disabled} />
      <Problem message={problem} />
    </fieldset>
  );
}
