// The checkout's address lookup: a combobox (ARIA 1.2 pattern) that suggests addresses as the
// shopper types and fills the address fields with the one picked. Arrow keys move through the
// suggestions, Enter picks, Escape closes; a live region says how many there are and when the
// fields were filled. Typing the address by hand always stays possible: a failed lookup only says so.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PlaceAddress, PlacePrediction } from '@sc/contracts';
import { call, failureFrom } from '../lib/http.js';
import {
  autocompletePath,
  CHECKOUT_PLACES_CONTEXT,
  detailsPath,
  LOOKUP_DELAY_MS,
  MIN_LOOKUP_LENGTH,
  movedIndex,
  newSessionToken,
} from './address-lookup.js';

interface DetailsAnswer {
  result: { placeId: string; formattedAddress: string; address: PlaceAddress; problems: string[] };
}

export interface AddressLookupProps {
  /** The country field's value: suggestions are read the way that country writes addresses. */
  country: string;
  onPick: (address: PlaceAddress) => void;
}

export function AddressLookup({ country, onPick }: AddressLookupProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [predictions, setPredictions] = useState<PlacePrediction[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [note, setNote] = useState<{ text: string; problems: string[] } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const session = useRef(newSessionToken());
  // Answers to earlier keys that arrive late are dropped: only the latest question counts.
  const latest = useRef(0);
  // The text of the place just picked: it is not a new question.
  const picked = useRef<string | null>(null);

  useEffect(() => {
    const input = text.trim();
    if (input.length < MIN_LOOKUP_LENGTH || text === picked.current) {
      setPredictions([]);
      setOpen(false);
      return undefined;
    }
    const asked = ++latest.current;
    const timer = window.setTimeout(() => {
      call<{ predictions: PlacePrediction[] }>('GET', autocompletePath(input, country, session.current)).then(
        (answer) => {
          if (asked !== latest.current) return;
          setPredictions(answer.predictions);
          setActive(-1);
          setOpen(true);
          setAnnouncement(
            answer.predictions.length === 0
              ? 'No address suggestions.'
              : `${answer.predictions.length} address ${answer.predictions.length === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose one.`,
          );
        },
        (error: unknown) => {
          if (asked !== latest.current) return;
          setPredictions([]);
          setOpen(false);
          setNote({
            text: failureFrom(error).message || 'Address suggestions are not available right now. Type the address in full.',
            problems: [],
          });
        },
      );
    }, LOOKUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, country]);

  const pick = async (prediction: PlacePrediction) => {
    setOpen(false);
    setActive(-1);
    latest.current++;
    picked.current = prediction.description;
    setText(prediction.description);
    try {
      const { result } = await call<DetailsAnswer>('GET', detailsPath(prediction.placeId, session.current, CHECKOUT_PLACES_CONTEXT));
      onPick(result.address);
      setNote({ text: `Address filled in: ${result.formattedAddress}`, problems: result.problems });
      setAnnouncement('The address fields are filled in.');
    } catch (error) {
      setNote({ text: failureFrom(error).message || 'That address could not be filled in. Type it in full.', problems: [] });
    } finally {
      // A place chosen ends the lookup's session; the next lookup starts a new one.
      session.current = newSessionToken();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (predictions.length === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((current) => movedIndex(open ? current : -1, event.key === 'ArrowDown' ? 1 : -1, predictions.length));
        return;
      }
      case 'Enter': {
        const chosen = open ? predictions[active] : undefined;
        // Enter picks a suggestion; without one it must not submit the checkout by accident.
        if (open || chosen) event.preventDefault();
        if (chosen) void pick(chosen);
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        return;
      default:
    }
  };

  const expanded = open && predictions.length > 0;
  const activeId = expanded && active >= 0 ? `${id}-option-${active}` : undefined;
  return (
    <div className="form-item address-lookup">
      <label className="title" htmlFor={id}>
        Find your address
      </label>
      <p className="description" id={`${id}-hint`}>
        Start typing your street address, then choose it from the list to fill in the fields below.
      </p>
      <div className="address-lookup-box">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-describedby={`${id}-hint`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setNote(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(predictions.length > 0)}
        />
        <ul id={listId} role="listbox" aria-label="Address suggestions" className="address-suggestions" hidden={!expanded}>
          {predictions.map((prediction, index) => (
            <li
              key={prediction.placeId}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={`address-suggestion${index === active ? ' active' : ''}`}
              // Keeps the focus in the input, so the list does not close before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void pick(prediction)}
            >
              <strong>{prediction.mainText}</strong> <span className="secondary">{prediction.secondaryText}</span>
            </li>
          ))}
        </ul>
      </div>
      {note && (
        <div className="address-lookup-note">
          <p>{note.text}</p>
          {note.problems.length > 0 && (
            <ul className="address-problems">
              {note.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
