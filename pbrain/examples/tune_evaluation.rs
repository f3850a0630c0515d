//! Fits the gomoku and renju evaluation's weights (`engine/src/cpu/grid/weights.rs`) to the
//! results of games played by `gomocup_match`:
//!
//! ```sh
//! cargo run --release -p pbrain-cincobot --example tune_evaluation -- MATCH.log...
//! ```
//!
//! Every quiet position of every game (neither side can make a five or a straight four) is
//! one sample: the counts of each side's points by line pattern, by threat and by pair of
//! lines through the point, and whether the side to move went on to win. The weights are
//! those of a logistic regression of the result on the counts, solved by Newton's method from
//! the hand-set values the evaluation had before its weights were fitted, and on their
//! scale: the logistic curve's steepness is first fitted to the hand-set evaluation, then
//! kept. So the same games always give the same weights. The evaluation counts whole
//! points: the small weights are rounded first and the others fitted again around them.
//! `--keep-gomoku` holds gomoku's weights as they are in use and fits renju's alone;
//! `--lines-only` keeps the threats' and pairs' bonuses hand-set.
//! Every fifth game is held out, and the fit is reported on it next to the hand-set values and
//! to today's weights (those in `weights.rs`), so an improvement on the games the weights were
//! fitted on alone shows as none. Prints the weights as Rust, to be put in `weights.rs` by
//! hand.

use std::process::ExitCode;

use engine::cpu::{
    EVALUATION_FEATURES, EVALUATION_LINE_FEATURES, EvaluationFeatures, EvaluationProfile,
    GridRules, evaluation_features,
};
use engine::{Board, Stone};
use pbrain::manager::{LoggedGame, MatchLog};

/// Fitted profiles, in the order of their parameters.
const PROFILES: [EvaluationProfile; 3] = [
    EvaluationProfile::Free,
    EvaluationProfile::RestrictedBlack,
    EvaluationProfile::WhiteAgainstRestricted,
];
/// A point's hand-set worth by feature (`LinePattern::weight` for the line patterns, then the
/// threats' bonuses, then the pairs of lines, which had none), for the side waiting; the side
/// to move's counts a quarter more, rounded down to a whole point.
const HAND_SET: [f64; EVALUATION_FEATURES] =
    [1.0, 10.0, 12.0, 50.0, 60.0, 0.0, 200.0, 400.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
/// Per profile: the mover's weights, the waiter's, and the tempo with black to move and with
/// white to move. The tempo is fitted by colour so that black's edge in gomoku (black wins
/// most games whoever plays it) is not put down to the shapes black happens to have; the
/// evaluation uses the mean of the two, since it judges shapes, not colours.
const PER_PROFILE: usize = 2 * EVALUATION_FEATURES + 2;
const PARAMETERS: usize = PROFILES.len() * PER_PROFILE;
/// Held-out games: every this many.
const HOLD_OUT_EVERY: usize = 5;
/// How hard the fit is pulled back to where it starts (the hand-set values, then the first
/// fit), per sample (a ridge in logit units).
const RIDGE_PER_SAMPLE: f64 = 1e-4;
/// Weights below this many points are rounded before the others are fitted again around
/// them.
const SMALL_WEIGHT: f64 = 24.0;

/// One position: its features and the side to move's result (1 won, 0.5 drawn, 0 lost).
struct Sample {
    features: EvaluationFeatures,
    result: f64,
    held_out: bool,
}

fn main() -> ExitCode {
    let mut files: Vec<String> = std::env::args().skip(1).collect();
    let mut flag = |name: &str| {
        let given = files.iter().any(|file| file == name);
        files.retain(|file| file != name);
        given
    };
    let lines_only = flag("--lines-only");
    let keep_gomoku = flag("--keep-gomoku");
    if files.is_empty() {
        eprintln!("usage: tune_evaluation [--lines-only] [--keep-gomoku] MATCH.log...");
        return ExitCode::FAILURE;
    }
    let mut samples = Vec::new();
    let mut games = 0;
    for file in &files {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("{file}: {error}");
                return ExitCode::FAILURE;
            }
        };
        match read_match(&text, &mut games, &mut samples) {
            Ok(()) => {}
            Err(error) => {
                eprintln!("{file}: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    let held_out = samples.iter().filter(|sample| sample.held_out).count();
    println!("{games} games, {} quiet positions, {held_out} of them held out", samples.len());
    let hand_set = hand_set_parameters();
    let steepness = fit_steepness(&samples, &hand_set);
    println!("steepness of the hand-set evaluation: {steepness:.6} logits a point");
    let by_weights = |parameters: [f64; PARAMETERS]| {
        move |sample: &Sample| dot(&row(&sample.features), &parameters)
    };
    // The parameters not fitted: with `--lines-only` the threats' and pairs' bonuses stay
    // hand-set, with `--keep-gomoku` gomoku's weights stay as they are in use.
    let in_use = parameters_in_use();
    let gomoku = profile_index(EvaluationProfile::Free) * PER_PROFILE;
    let (start, held): ([f64; PARAMETERS], [bool; PARAMETERS]) = {
        let kept_as_today =
            |parameter: usize| keep_gomoku && (gomoku..gomoku + PER_PROFILE).contains(&parameter);
        let kept_by_hand = |parameter: usize| {
            let feature = parameter % PER_PROFILE % EVALUATION_FEATURES;
            let bonus = parameter % PER_PROFILE < 2 * EVALUATION_FEATURES
                && feature >= EVALUATION_LINE_FEATURES;
            lines_only && bonus
        };
        (
            std::array::from_fn(|parameter| {
                if kept_as_today(parameter) { in_use[parameter] } else { hand_set[parameter] }
            }),
            std::array::from_fn(|parameter| kept_as_today(parameter) || kept_by_hand(parameter)),
        )
    };
    let first = fit(&samples, &start, &held, steepness);
    report("fitted, before rounding", &samples, steepness, by_weights(first));
    // Rounding a small weight moves the evaluation by as many points as there are such
    // points on the board: the small weights are rounded first and the others fitted again
    // around them, so that they make up for it. The held ones are whole points already.
    let rounded_first: [bool; PARAMETERS] =
        std::array::from_fn(|parameter| held[parameter] || first[parameter].abs() < SMALL_WEIGHT);
    let center: [f64; PARAMETERS] = std::array::from_fn(|parameter| {
        if rounded_first[parameter] { first[parameter].round() } else { first[parameter] }
    });
    let fitted = as_played(fit(&samples, &center, &rounded_first, steepness));
    let today = |sample: &Sample| f64::from(sample.features.evaluation);
    report("hand-set", &samples, steepness, by_weights(hand_set));
    report("today's", &samples, steepness, today);
    report("fitted", &samples, steepness, by_weights(fitted));
    print_weights(&fitted);
    ExitCode::SUCCESS
}

/// Reads the games of one match log into `samples`.
fn read_match(text: &str, games: &mut usize, samples: &mut Vec<Sample>) -> Result<(), String> {
    let log = MatchLog::parse(text)?;
    let rules = GridRules::gomoku(log.rule.settings(log.size));
    for game in &log.games {
        let held_out = games.is_multiple_of(HOLD_OUT_EVERY);
        read_game(&rules, log.size.side(), game, held_out, samples);
        *games += 1;
    }
    Ok(())
}

/// The quiet positions of one game, after its opening, as samples.
fn read_game(
    rules: &GridRules,
    side: u8,
    game: &LoggedGame,
    held_out: bool,
    samples: &mut Vec<Sample>,
) {
    let mut board = Board::empty(side);
    let mut to_move = Stone::Black;
    for (index, point) in game.stones().enumerate() {
        board.set(point, Some(to_move));
        to_move = to_move.opponent();
        if index + 1 < game.opening.len() {
            continue;
        }
        let Some(features) = evaluation_features(&board, to_move, rules) else { continue };
        let result = match game.winner {
            Some(stone) if stone == to_move => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        samples.push(Sample { features, result, held_out });
    }
}

fn profile_index(profile: EvaluationProfile) -> usize {
    PROFILES.iter().position(|&known| known == profile).unwrap_or(0)
}

/// The sample's counts as one row of the regression: the mover's counts under its profile's
/// mover weights, the waiter's (negated) under its profile's waiter weights, and a one for
/// the mover's profile's tempo for the colour to move.
fn row(features: &EvaluationFeatures) -> [f64; PARAMETERS] {
    let mut row = [0.0; PARAMETERS];
    let mover = profile_index(features.mover_profile) * PER_PROFILE;
    let waiter = profile_index(features.waiter_profile) * PER_PROFILE + EVALUATION_FEATURES;
    for feature in 0..EVALUATION_FEATURES {
        row[mover + feature] += f64::from(features.mover[feature]);
        row[waiter + feature] -= f64::from(features.waiter[feature]);
    }
    let colour = usize::from(features.to_move == Stone::White);
    row[mover + 2 * EVALUATION_FEATURES + colour] += 1.0;
    row
}

fn dot(row: &[f64; PARAMETERS], parameters: &[f64; PARAMETERS]) -> f64 {
    row.iter().zip(parameters).map(|(x, w)| x * w).sum()
}

/// The hand-set values as parameters: the same for every profile, no tempo.
fn hand_set_parameters() -> [f64; PARAMETERS] {
    let mut parameters = [0.0; PARAMETERS];
    for profile in 0..PROFILES.len() {
        let start = profile * PER_PROFILE;
        for (feature, &worth) in HAND_SET.iter().enumerate() {
            parameters[start + feature] = (worth * 1.25).floor();
            parameters[start + EVALUATION_FEATURES + feature] = worth;
        }
    }
    parameters
}

/// The weights in use (`weights.rs`) as parameters, gomoku's tempo for either colour.
fn parameters_in_use() -> [f64; PARAMETERS] {
    let mut parameters = [0.0; PARAMETERS];
    for (profile, &which) in PROFILES.iter().enumerate() {
        let start = profile * PER_PROFILE;
        let (mover, waiter, tempo) = which.in_use();
        for feature in 0..EVALUATION_FEATURES {
            parameters[start + feature] = f64::from(mover[feature]);
            parameters[start + EVALUATION_FEATURES + feature] = f64::from(waiter[feature]);
        }
        parameters[start + 2 * EVALUATION_FEATURES] = f64::from(tempo);
        parameters[start + 2 * EVALUATION_FEATURES + 1] = f64::from(tempo);
    }
    parameters
}

/// The fitted parameters as the evaluation can use them: whole points (a single's weight of
/// 0.6 rounded to 1 moves a middle game's evaluation by a hundred points or more, so the
/// report judges the rounded weights), and gomoku's tempo one whichever colour has the move,
/// the mean of the two fitted.
fn as_played(mut parameters: [f64; PARAMETERS]) -> [f64; PARAMETERS] {
    let free = profile_index(EvaluationProfile::Free) * PER_PROFILE + 2 * EVALUATION_FEATURES;
    let mean = (parameters[free] + parameters[free + 1]) / 2.0;
    parameters[free] = mean;
    parameters[free + 1] = mean;
    parameters.map(|weight| weight.round() + 0.0)
}

/// Prints the log loss of `evaluation` on the fitted games and on the held-out ones.
fn report(name: &str, samples: &[Sample], steepness: f64, evaluation: impl Fn(&Sample) -> f64) {
    let [fitted, held_out] = [false, true].map(|held| {
        let chosen = samples.iter().filter(|sample| sample.held_out == held);
        let (sum, count) = chosen.fold((0.0, 0usize), |(sum, count), sample| {
            (sum + loss(sample.result, steepness * evaluation(sample)), count + 1)
        });
        sum / count.max(1) as f64
    });
    println!("{name} weights: log loss {fitted:.5} on the fitted games, {held_out:.5} held out");
}

fn sigmoid(logit: f64) -> f64 {
    1.0 / (1.0 + (-logit).exp())
}

fn loss(result: f64, logit: f64) -> f64 {
    let p = sigmoid(logit).clamp(1e-9, 1.0 - 1e-9);
    -(result * p.ln() + (1.0 - result) * (1.0 - p).ln())
}

/// The steepness that makes the evaluation by `parameters` the best predictor of the results,
/// by a search over a geometric grid refined around the best.
fn fit_steepness(samples: &[Sample], parameters: &[f64; PARAMETERS]) -> f64 {
    let fitted = samples.iter().filter(|sample| !sample.held_out);
    let evaluations: Vec<(f64, f64)> =
        fitted.map(|sample| (dot(&row(&sample.features), parameters), sample.result)).collect();
    let total = |steepness: f64| -> f64 {
        evaluations.iter().map(|&(value, result)| loss(result, steepness * value)).sum()
    };
    let mut best = 1e-3;
    let mut step: f64 = 4.0;
    for _ in 0..40 {
        let candidates = [best / step, best, best * step];
        best =
            candidates.into_iter().min_by(|&a, &b| total(a).total_cmp(&total(b))).unwrap_or(best);
        step = step.sqrt().max(1.0001);
    }
    best
}

/// Newton's method on the log loss, in logit units, with a ridge towards `center`; the
/// `held` parameters stay there.
fn fit(
    samples: &[Sample],
    center: &[f64; PARAMETERS],
    held: &[bool; PARAMETERS],
    steepness: f64,
) -> [f64; PARAMETERS] {
    let fitted: Vec<&Sample> = samples.iter().filter(|sample| !sample.held_out).collect();
    let ridge: [f64; PARAMETERS] = std::array::from_fn(|parameter| {
        // A held parameter stays at the center: a ridge no data can move.
        let weight = if held[parameter] { 1e9 } else { RIDGE_PER_SAMPLE };
        weight * fitted.len() as f64
    });
    let start = center.map(|weight| weight * steepness);
    let mut theta = start;
    for round in 0..30 {
        let mut hessian = vec![[0.0; PARAMETERS]; PARAMETERS];
        let mut gradient = [0.0; PARAMETERS];
        for sample in &fitted {
            let row = row(&sample.features);
            let p = sigmoid(dot(&row, &theta));
            let weight = (p * (1.0 - p)).max(1e-9);
            for i in 0..PARAMETERS {
                gradient[i] += (p - sample.result) * row[i];
                for j in 0..PARAMETERS {
                    hessian[i][j] += weight * row[i] * row[j];
                }
            }
        }
        for i in 0..PARAMETERS {
            gradient[i] += ridge[i] * (theta[i] - start[i]);
            hessian[i][i] += ridge[i];
        }
        let step = solve(hessian, gradient);
        let size: f64 = step.iter().map(|x| x * x).sum::<f64>().sqrt();
        for i in 0..PARAMETERS {
            theta[i] -= step[i];
        }
        if size < 1e-7 {
            println!("Newton's method settled after {} rounds", round + 1);
            break;
        }
    }
    theta.map(|logit| logit / steepness)
}

/// Solves `matrix · x = right` by Gaussian elimination with partial pivoting.
fn solve(mut matrix: Vec<[f64; PARAMETERS]>, mut right: [f64; PARAMETERS]) -> [f64; PARAMETERS] {
    for column in 0..PARAMETERS {
        let pivot = (column..PARAMETERS)
            .max_by(|&a, &b| matrix[a][column].abs().total_cmp(&matrix[b][column].abs()))
            .unwrap_or(column);
        matrix.swap(column, pivot);
        right.swap(column, pivot);
        let head = matrix[column][column];
        if head.abs() < 1e-12 {
            continue;
        }
        let pivot_row = matrix[column];
        for row in column + 1..PARAMETERS {
            let factor = matrix[row][column] / head;
            if factor == 0.0 {
                continue;
            }
            for (entry, &above) in matrix[row].iter_mut().zip(&pivot_row).skip(column) {
                *entry -= factor * above;
            }
            right[row] -= factor * right[column];
        }
    }
    let mut x = [0.0; PARAMETERS];
    for row in (0..PARAMETERS).rev() {
        let rest: f64 = (row + 1..PARAMETERS).map(|k| matrix[row][k] * x[k]).sum();
        let head = matrix[row][row];
        x[row] = if head.abs() < 1e-12 { 0.0 } else { (right[row] - rest) / head };
    }
    x
}

fn print_weights(parameters: &[f64; PARAMETERS]) {
    let names = ["FREE", "RESTRICTED_BLACK", "WHITE_AGAINST_RESTRICTED"];
    for (index, name) in names.iter().enumerate() {
        let part = &parameters[index * PER_PROFILE..(index + 1) * PER_PROFILE];
        let list =
            |weights: &[f64]| weights.iter().map(|w| format!("{w}")).collect::<Vec<_>>().join(", ");
        println!("const {name}: ProfileWeights = ProfileWeights {{");
        println!(
            "    mover: RoleWeights {{ features: [{}] }},",
            list(&part[..EVALUATION_FEATURES])
        );
        println!(
            "    waiter: RoleWeights {{ features: [{}] }},",
            list(&part[EVALUATION_FEATURES..2 * EVALUATION_FEATURES])
        );
        let [black, white] = [0, 1].map(|colour| part[2 * EVALUATION_FEATURES + colour]);
        let tempo = match PROFILES[index] {
            EvaluationProfile::WhiteAgainstRestricted => white,
            EvaluationProfile::RestrictedBlack | EvaluationProfile::Free => black,
        };
        println!("    tempo: {tempo},");
        println!("}};");
    }
}
